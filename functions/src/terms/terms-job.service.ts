import type { TermsWatchSummary } from "@hub/contract/jobs";
import type { AppDeps } from "../platform/deps";
import { forEachPacedByKey } from "../platform/concurrency";
import { hostOf } from "../platform/host-turns";
import { finishJob, saveProgress, type JobOrigin } from "../jobs/jobs.store";
import { startJob, startScheduledJob, type JobSlice } from "../jobs/job-runner";
import { countApprovedPrograms, listProgramsAfter } from "../catalog/programs.store";
import { checkProgramTerms } from "./terms-check.service";

/**
 * The terms watch's job (the contract's *Terms watch and alerts*, docs/architecture.md *Jobs*): every
 * approved program with a terms page, in id order, CHUNK programs per step, their pages read at most
 * HOSTS_AT_ONCE hosts at a time and one request at a time per host, each in its turn at the host
 * (platform/host-turns: shared with link tests and link health). After each chunk the cursor and the
 * counts are stored. A chunk the queue retries reads its pages again: a page read twice keeps no second
 * version (the same text is the same hash), so a retry changes nothing but the counts.
 */

/** Programs per step: all at one host, each timing out (10 s) with its gap, still ends well within a slice's deadline. */
const CHUNK = 10;
const HOSTS_AT_ONCE = 8;

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
  for (;;) {
    const chunk = await listProgramsAfter(after, CHUNK);
    if (chunk.length === 0) break;
    const watched = chunk.filter((p) => p.approved && p.termsUrl);
    await forEachPacedByKey(
      watched,
      (p) => hostOf(p.termsUrl!),
      HOSTS_AT_ONCE,
      0,
      async (program) => {
        const outcome = await checkProgramTerms(deps, program);
        if (outcome === "skipped") return;
        counts.read += 1;
        counts[outcome] += 1;
      },
    );
    done += chunk.filter((p) => p.approved).length;
    after = chunk[chunk.length - 1]!.id;
    await saveProgress(job.id, { applyAfter: after, done, total: Math.max(job.total ?? 0, done), counts });
    if (chunk.length < CHUNK) break;
    if (Date.now() > deadline) return false;
  }
  await finishJob(job.id, "terms-watch", { state: "done", summary: counts }, deps.now());
  return true;
};
