import type { AddressTruncationSummary } from "@hub/contract/jobs";
import { auditIn } from "../accounts/audit.store";
import { startJob, type JobSlice } from "../jobs/job-runner";
import { finishJob, saveProgressIn, type JobOrigin, type JobRecord } from "../jobs/jobs.store";
import type { AppDeps } from "../platform/deps";
import { countAddressRecords, truncateAddressesAfter, WALK_DONE } from "./stored-addresses.store";

/**
 * The one-off rewrite of the whole client addresses that code before issue 29 stored (docs/architecture.md:
 * *Honest counts*, "No full address is stored"): every click record's `ipAddress` and every login
 * token's `lastUsedIp`, in id order, ADDRESS_TRUNCATION_CHUNK records a step, each step's rewrites and
 * the job's cursor in one batch. A slice the queue retries starts from the stored cursor; a record
 * already truncated is left as it is, so running the job again rewrites nothing.
 */

/** Records per step: their rewrites and the progress are one batch (under Firestore's 500 writes). */
export const ADDRESS_TRUNCATION_CHUNK = 400;

export async function startAddressTruncationJob(origin: JobOrigin, now: Date): Promise<{ jobId: string }> {
  return startJob("address-truncation", origin, now, { phase: "applying", total: await countAddressRecords() });
}

const emptyCounts = (): AddressTruncationSummary => ({ checked: 0, truncated: 0, cleared: 0 });

export const addressTruncationSlice: JobSlice = async (deps, job, deadline) => {
  let cursor = job.applyAfter;
  const counts = { ...emptyCounts(), ...job.counts };
  // at least one step per slice, however small the budget: every slice moves the job on
  while (cursor !== WALK_DONE) {
    const step = await truncateAddressesAfter(cursor, ADDRESS_TRUNCATION_CHUNK, (batch, { checked, truncated, cleared, next }) => {
      const after = { checked: counts.checked + checked, truncated: counts.truncated + truncated, cleared: counts.cleared + cleared };
      // records written since the start are walked too: the total grows with them
      const total = Math.max(job.total ?? 0, after.checked);
      saveProgressIn(batch, job.id, { applyAfter: next, done: after.checked, total, counts: after });
    });
    counts.checked += step.checked;
    counts.truncated += step.truncated;
    counts.cleared += step.cleared;
    cursor = step.next;
    if (cursor !== WALK_DONE && Date.now() > deadline) return false;
  }
  await finish(deps, job, counts);
  return true;
};

async function finish(deps: AppDeps, job: JobRecord, summary: AddressTruncationSummary) {
  await finishJob(job.id, "address-truncation", { state: "done", summary }, deps.now(), (tx) => {
    if (job.actorUid) auditIn(tx, { actorUid: job.actorUid, action: "addresses.truncate", details: { ...summary, jobId: job.id } });
  });
}
