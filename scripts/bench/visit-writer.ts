/**
 * One client of the store, for `npm run bench:redirect`: from START_AT for DURATION_MS, records
 * counted visits one after another exactly as the rotation does (click record and day counter in
 * one batch, its own counter shard), then prints how many it wrote. Run as many processes as the
 * Functions emulator runs workers to see what the store itself allows.
 */
import { newClickId, recordVisit } from "../../functions/src/toolkit";

async function main() {
  const startAt = Number(process.env.START_AT);
  const until = startAt + Number(process.env.DURATION_MS);
  const shard = Math.floor(Math.random() * 1024);
  const programId = "bench-store-ceiling";
  const visit = (i: number) => recordVisit({ clickId: newClickId(), linkId: `l${String(i % 5)}`, programId, clickedAt: new Date(), ipAddress: "203.0.113.7", userAgent: "bench", shard: (shard + i) % 1024 });
  await visit(0); // opens the connection before the clock starts
  await new Promise((done) => setTimeout(done, Math.max(0, startAt - Date.now())));
  let writes = 0;
  while (Date.now() < until) await visit(++writes);
  process.stdout.write(`${JSON.stringify({ writes })}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
