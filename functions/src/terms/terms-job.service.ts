import type { TermsWatchSummary } from "@hub/contract/jobs";
import type { AppDeps } from "../platform/deps";
import { forEachPacedByKey, prefixWithinPerKey } from "../platform/concurrency";
import { hostOf } from "../platform/host-turns";
import { finishJob, finishedInProgress, saveInProgress, saveProgress, type JobOrigin } from "../jobs/jobs.store";
import { startJob, startScheduledJob, type JobSlice } from "../jobs/job-runner";
import { countApprovedPrograms, getProgramsByIds, listProgramsAfter } from "../catalog/programs.store";
import { checkProgramTerms, recordInterruptedRead } from "./terms-check.service";

/**
 * The terms watch's job (the contract's *Terms watch and alerts*, docs/architecture.md *Jobs*): every
 * approved program with a terms page, in id order, a step at a time, their pages read at most
 * HOSTS_AT_ONCE hosts at a time and one request at a time per host, each in its turn at the host
 * (platform/host-turns: shared with link tests and link health). After each step the cursor and the
 * counts are stored, and before it the programs it is about to read (inProgress): a slice that dies
 * in the middle of a step leaves those to its retry, which records each as inconclusive ("the read
 * before did not finish") and goes on after them. Whatever one page holds, the others are read.
 */

/** Programs listed for a step; the step is the first of them with at most PER_HOST_IN_STEP at any one host. */
const LISTED = 60;
/**
 * A step waits for its busiest host: this many reads there, each up to its timeout (10 s) after its
 * turn, still end well within a slice's deadline; across many hosts a step reads dozens of pages.
 */
const PER_HOST_IN_STEP = 4;
const HOSTS_AT_ONCE = 16;

const emptyCounts = (): TermsWatchSummary => ({ read: 0, kept: 0, same: 0, broken: 0, inconclusive: 0 });

export async function startTermsWatchJob(origin: JobOrigin, now: Date): Promise<{ jobId: string }> {
  return startJob("terms-watch", origin, now, { phase: "testing", total: await countApprovedPrograms() });
}

/** Daily at 02:00 UTC: the same job; one already running (an admin's) is left to finish. */
export const startScheduledTermsWatch = (now: Date) =>
  startScheduledJob("terms-watch", () => startTermsWatchJob({ trigger: "schedule", actorUid: null }, now));

export const termsWatchSlice: JobSlice = async (deps: AppDeps, job, deadline) => {
  let after = job.applyAfter;
  const counts = { ...emptyCounts(), ...job.counts };
  let done = job.done;
  if (job.inProgress.length > 0) {
    // a slice died in the middle of these reads (a crash, a timeout): each is inconclusive, none read
    // again this run, and the run goes on after them, so no page can stop the watch of the others
    const left = await getProgramsByIds(job.inProgress);
    for (const program of left) {
      const outcome = await recordInterruptedRead(deps, program);
      if (outcome === "skipped") continue;
      counts.read += 1;
      counts[outcome] += 1;
    }
    done += left.length;
    const last = [...job.inProgress].sort().at(-1)!;
    after = after !== null && after > last ? after : last;
    await saveProgress(job.id, { applyAfter: after, done, counts, inProgress: [] });
  }
  for (;;) {
    const listed = await listProgramsAfter(after, LISTED);
    if (listed.length === 0) break;
    // a program that is not read holds no host back
    const step = prefixWithinPerKey(listed, (p) => (p.approved && p.termsUrl ? hostOf(p.termsUrl) : `unread:${p.id}`), PER_HOST_IN_STEP);
    const watched = step.filter((p) => p.approved && p.termsUrl);
    await saveInProgress(
      job.id,
      watched.map((p) => p.id),
    );
    await forEachPacedByKey(
      watched,
      (p) => hostOf(p.termsUrl!),
      HOSTS_AT_ONCE,
      0,
      async (program) => {
        const outcome = await checkProgramTerms(deps, program);
        await finishedInProgress(job.id, program.id);
        if (outcome === "skipped") return;
        counts.read += 1;
        counts[outcome] += 1;
      },
    );
    done += step.filter((p) => p.approved).length;
    after = step[step.length - 1]!.id;
    await saveProgress(job.id, { applyAfter: after, done, total: Math.max(job.total ?? 0, done), counts, inProgress: [] });
    if (listed.length < LISTED && step.length === listed.length) break;
    if (Date.now() > deadline) return false;
  }
  await finishJob(job.id, "terms-watch", { state: "done", summary: counts }, deps.now());
  return true;
};
