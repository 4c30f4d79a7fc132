/**
 * One client of the store, for `npm run bench:redirect`: records counted visits exactly as the
 * rotation does (click record, day counter and the visit's two marks, of a new visitor and a new
 * address, in one batch, its own counter shard), IN_FLIGHT at a time (1 unless told), and reports
 * how many it wrote.
 *
 * Started by the bench over IPC, so that every writer starts at the same moment however long the
 * others took to start: it opens its connection with one write, sends `{ ready: true }`, waits for
 * `{ go: durationMs }`, writes for that long from the moment the message arrives, and sends
 * `{ writes }`. (A fixed start time missed writers that had not started by then on a busy machine.)
 */
import { newClickId, recordVisit } from "../../functions/src/toolkit";

type FromBench = { go: number };

async function main() {
  const send = process.send?.bind(process);
  if (!send) throw new Error("visit-writer runs under the bench (an IPC channel is needed)");
  const inFlight = Math.max(1, Number(process.env.IN_FLIGHT ?? 1));
  const shard = Math.floor(Math.random() * 1024);
  const writer = Math.random().toString(36).slice(2, 10);
  const programId = "bench-store-ceiling";
  const LINK_IDS = ["l0", "l1", "l2", "l3", "l4"];
  let i = 0;
  const visit = () => {
    const n = i++;
    return recordVisit({
      clickId: newClickId(),
      linkId: `l${String(n % 5)}`,
      programId,
      clickedAt: new Date(),
      ipAddress: "203.0.113.7",
      userAgent: "bench",
      shard: (shard + n) % 1024,
      activeLinkIds: LINK_IDS,
      marks: { visitor: `v_${writer}${String(n)}_${programId}`, address: `a_${writer}${String(n)}_${programId}` },
    });
  };
  await visit(); // opens the connection before the clock starts
  const go = new Promise<number>((done) => process.once("message", (message: FromBench) => done(message.go)));
  send({ ready: true });
  const until = Date.now() + (await go);
  let writes = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < until) {
        await visit();
        if (Date.now() <= until) writes++; // a write that ends after the window is not counted
      }
    }),
  );
  await new Promise<void>((done) => send({ writes }, () => done()));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
