/**
 * npm run bench:digest – the weekly digest for a community of BENCH_DIGEST_MEMBERS members (10,000 by
 * default), each approved with one link, spread over 20 programs.
 *
 * Runs inside the local suite (npm run exec): the job is started through the API, runs in slices on the
 * `runJobs` queue of the Functions emulator and mails through SMTP into the suite's mail catcher. While
 * it runs, the resident memory of the Functions emulator's worker processes is sampled every second
 * (their peak, from /proc: Linux only). Prints the job's time on the queue, its slices, the peak RSS,
 * mails delivered and duplicates (any recipient with more than one digest; must be 0); then runs the
 * job a second time in the same week, which must deliver none.
 */
import "../lib/require-node-major"; // first: stops at once on a Node of another major
import { readdirSync, readFileSync } from "node:fs";
import { utcDay } from "@hub/contract/dates";
import { createProgram, ensureAdmin, importLinks, importUsers, recountProgramLinks } from "../../functions/src/toolkit";
import { idTokenFromPassword, resetEmulators } from "../../testing/emulators";
import { allMails, clearInbox } from "../../testing/inbox";
import { followJob, startJob } from "../../testing/jobs";

const MEMBERS = Number(process.env.BENCH_DIGEST_MEMBERS ?? 10_000);
const PROGRAMS = 20;
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };

async function seed() {
  await resetEmulators();
  await clearInbox();
  const programIds: string[] = [];
  for (let p = 0; p < PROGRAMS; p++) {
    const program = await createProgram({
      name: `Bench Card ${String(p)}`,
      description: null,
      fallbackUrl: null,
      approved: true,
      proposedBy: null,
    });
    programIds.push(program.id);
  }
  const members = Array.from({ length: MEMBERS }, (_, i) => ({ i, email: `member-${String(i)}@example.com` }));
  await importUsers(
    members.map(({ i, email }) => ({
      uid: `member-${String(i).padStart(5, "0")}`,
      email,
      isAdmin: false,
      approved: true,
      createdByAdmin: true,
    })),
  );
  await importLinks(
    members.map(({ i, email }) => ({
      programId: programIds[i % PROGRAMS]!,
      name: `member ${String(i)}`,
      email,
      link: `https://refer.example.com/${String(i)}`,
      description: "Offer",
      approved: true,
    })),
  );
  for (const id of programIds) await recountProgramLinks(id, utcDay(new Date()));
  await ensureAdmin(ADMIN.email, ADMIN.password);
}

/** The Functions emulator's worker processes (each runs the functions' code): pid → peak RSS in kB. */
function sampleWorkers(peaks: Map<number, number>) {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!cmd.includes("functionsEmulatorRuntime")) continue;
      const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"));
      if (hwm) peaks.set(Number(entry), Math.max(peaks.get(Number(entry)) ?? 0, Number(hwm[1])));
    } catch {
      /* gone meanwhile */
    }
  }
}

/** Every mail the catcher holds, by recipient. */
async function deliveredByRecipient(): Promise<Map<string, number>> {
  const mails = await allMails();
  const counts = new Map<string, number>();
  for (const mail of mails.filter((m) => m.subject.startsWith("Your referral week")))
    for (const { address } of mail.to) counts.set(address, (counts.get(address) ?? 0) + 1);
  return counts;
}

async function run(admin: string) {
  const peaks = new Map<number, number>();
  const sampler = setInterval(() => sampleWorkers(peaks), 1000);
  const started = performance.now();
  const seen = await followJob(admin, await startJob(admin, "runWeeklyDigest"), 30 * 60_000);
  const ms = performance.now() - started;
  clearInterval(sampler);
  sampleWorkers(peaks);
  const end = seen.at(-1)!;
  if (end.state !== "done") throw new Error(`the job ended ${end.state}: ${end.error ?? ""}`);
  return { ms, end, peakKb: Math.max(0, ...peaks.values()), workers: peaks.size };
}

async function main() {
  console.log(`seeding ${MEMBERS.toLocaleString("en")} members with a link each…`);
  await seed();
  const admin = await idTokenFromPassword(ADMIN.email, ADMIN.password);
  const first = await run(admin);
  const delivered = await deliveredByRecipient();
  const duplicates = [...delivered.values()].filter((n) => n > 1).length;
  const second = await run(admin);
  const afterSecond = await deliveredByRecipient();
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  console.table([
    {
      run: "first",
      members: MEMBERS,
      "queue time": `${(first.ms / 1000).toFixed(1)} s`,
      "slices (≥)": Math.ceil(first.ms / 30_000),
      "peak RSS of a functions worker": `${(first.peakKb / 1024).toFixed(0)} MB (${String(first.workers)} workers)`,
      summary: JSON.stringify(first.end.summary),
      delivered: total(delivered),
      duplicates,
    },
    {
      run: "second, same week",
      members: MEMBERS,
      "queue time": `${(second.ms / 1000).toFixed(1)} s`,
      "slices (≥)": Math.ceil(second.ms / 30_000),
      "peak RSS of a functions worker": `${(second.peakKb / 1024).toFixed(0)} MB`,
      summary: JSON.stringify(second.end.summary),
      delivered: total(afterSecond) - total(delivered),
      duplicates: [...afterSecond.values()].filter((n) => n > 1).length,
    },
  ]);
  console.log("Goal: under 10 minutes for 10,000 members, 0 duplicates, and none delivered by the second run.");
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
