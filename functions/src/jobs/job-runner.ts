import { logger } from "firebase-functions";
import type { JobKind } from "@hub/contract/jobs";
import type { AppDeps } from "../platform/deps";
import { ApiError } from "../platform/api-error";
import { createJob, enqueueJobSlice, finishJob, readJob, type JobOrigin, type JobRecord, type JobStart } from "./jobs.store";

/**
 * What every job shares (docs/architecture.md, *Jobs*): starting one on the `runJobs` queue, and running its
 * slices. A slice does about SLICE_BUDGET_MS of work, stores its cursor and enqueues the next; a slice
 * that throws is retried by the queue from that cursor, and on the queue's last attempt the job is
 * failed instead, so it never stays "running".
 */

/** A slice stops starting steps after this long and hands over to the next task. */
export const SLICE_BUDGET_MS = 30_000;

/** One slice of a job's work: true once the job is finished (the slice ended it). */
export type JobSlice = (deps: AppDeps, job: JobRecord, deadline: number) => Promise<boolean>;

/** Creates the job (409 JOB_RUNNING when one of its kind runs) and enqueues its first slice. */
export async function startJob(kind: JobKind, origin: JobOrigin, now: Date, start?: JobStart): Promise<{ jobId: string }> {
  const jobId = await createJob(kind, origin, now, start);
  try {
    await enqueueJobSlice(jobId);
  } catch (err) {
    await finishJob(jobId, kind, { state: "failed", error: "The job could not be started" }, now);
    throw err;
  }
  return { jobId };
}

/** A schedule's start: the same job; one already running (an admin's) is left to finish. */
export async function startScheduledJob(kind: JobKind, start: () => Promise<{ jobId: string }>): Promise<string | null> {
  try {
    return (await start()).jobId;
  } catch (err) {
    if (err instanceof ApiError && err.code === "JOB_RUNNING") {
      logger.info(`scheduled ${kind}: one is already running`, { jobId: err.extra.jobId });
      return err.extra.jobId ?? null;
    }
    throw err;
  }
}

/**
 * The queue's work: one slice of the job (`sliceOf` picks its kind's), then the next slice enqueued.
 * Throws, so the queue retries from the stored cursor, when a step fails.
 */
export async function runJobSlice(
  deps: AppDeps,
  jobId: string,
  lastAttempt: boolean,
  sliceOf: (kind: JobKind) => Promise<JobSlice>,
  budgetMs = SLICE_BUDGET_MS,
  /** After the job is marked failed: who is to hear of it (the composition root's: alerts and admins). */
  onFailed?: (job: JobRecord, error: string) => Promise<void>,
): Promise<void> {
  const job = await readJob(jobId);
  if (job?.state !== "running") return;
  try {
    const slice = await sliceOf(job.kind);
    const finished = await slice(deps, job, Date.now() + budgetMs);
    if (!finished) await enqueueJobSlice(jobId);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    logger.warn("job slice failed", { jobId, kind: job.kind, lastAttempt, error });
    if (lastAttempt) {
      await finishJob(jobId, job.kind, { state: "failed", error }, deps.now());
      // telling of it must not hide the job's own error from the queue
      await onFailed?.(job, error).catch((tellErr: unknown) =>
        logger.error("failed job not told", { jobId, kind: job.kind, error: tellErr instanceof Error ? tellErr.message : String(tellErr) }),
      );
    }
    throw err;
  }
}
