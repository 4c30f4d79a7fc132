import { FieldValue, type DocumentReference, type DocumentSnapshot, type Transaction, type UpdateData } from "firebase-admin/firestore";
import type { Job, JobKind } from "@hub/contract/jobs";
import { ApiError } from "../platform/api-error";
import { COLLECTIONS, db, taskQueue } from "../platform/db";
import { str, toDate } from "../platform/timestamps";

/**
 * Jobs: long work in bounded slices on the `runJobs` task queue (docs/architecture.md, *Jobs*).
 *
 * jobs/{jobId} holds what the admin sees (state, phase, done, total, summary, error) and what the next
 * slice needs (cursor, pages, applyAfter, counts); a slice's work and its progress are written in one
 * batch, so a slice the queue retries starts from the stored cursor. job_locks/{kind} names the
 * running job of a kind: starting another answers 409 JOB_RUNNING. A job whose document has not moved
 * for STALE_AFTER_MS lost its tasks (the queue gave up): the next start fails it and begins anew.
 * A listing read from an outside service is kept below the job, one document per page
 * (jobs/{jobId}/pages/{n}), until the job ends.
 */
export const JOB_QUEUE = "runJobs";
export const STALE_AFTER_MS = 10 * 60_000;
/** The deadline the queue gives each slice: its budget plus its last step, with room to spare. */
const DISPATCH_DEADLINE_SECONDS = 180;

export interface JobTask extends Record<string, unknown> {
  jobId: string;
}

export interface JobRecord {
  id: string;
  kind: JobKind;
  state: Job["state"];
  phase: Job["phase"];
  done: number;
  total: number | null;
  startedAt: Date;
  endedAt: Date | null;
  updatedAt: Date;
  summary: Record<string, number> | null;
  error: string | null;
  trigger: "admin" | "schedule";
  actorUid: string | null;
  /** Listing: the cursor of the next page (null before the first); pages read so far. */
  cursor: string | null;
  pages: number;
  /** Applying: the id of the last user applied (null before the first), and the counts so far. */
  applyAfter: string | null;
  counts: Record<string, number>;
  /** Items a step began and had not finished when its progress was last stored (the terms watch's reads). */
  inProgress: string[];
}

const jobs = () => db().collection(COLLECTIONS.jobs);
const locks = () => db().collection(COLLECTIONS.jobLocks);
const pageRef = (jobId: string, page: number) => jobs().doc(jobId).collection("pages").doc(String(page).padStart(6, "0"));

function jobFromSnapshot(snap: DocumentSnapshot): JobRecord | null {
  const d = snap.data();
  if (!d) return null;
  return {
    id: snap.id,
    kind: d.kind as JobKind,
    state: d.state as Job["state"],
    phase: d.phase as Job["phase"],
    done: Number(d.done ?? 0),
    total: typeof d.total === "number" ? d.total : null,
    startedAt: toDate(d.startedAt) ?? new Date(0),
    endedAt: toDate(d.endedAt),
    updatedAt: toDate(d.updatedAt) ?? new Date(0),
    summary: (d.summary as Record<string, number> | undefined) ?? null,
    error: str(d.error),
    trigger: d.trigger === "schedule" ? "schedule" : "admin",
    actorUid: str(d.actorUid),
    cursor: str(d.cursor),
    pages: Number(d.pages ?? 0),
    applyAfter: str(d.applyAfter),
    counts: (d.counts as Record<string, number> | undefined) ?? {},
    inProgress: Array.isArray(d.inProgress) ? d.inProgress.filter((id): id is string => typeof id === "string") : [],
  };
}

/** What GET /api/admin/jobs/{jobId} answers. */
export function toJob(job: JobRecord): Job {
  return {
    jobId: job.id,
    kind: job.kind,
    state: job.state,
    phase: job.phase,
    done: job.done,
    total: job.total,
    startedAt: job.startedAt.toISOString(),
    ...(job.endedAt ? { endedAt: job.endedAt.toISOString() } : {}),
    ...(job.summary ? { summary: job.summary as Job["summary"] } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}

export async function readJob(jobId: string): Promise<JobRecord | null> {
  return jobFromSnapshot(await jobs().doc(jobId).get());
}

/**
 * Creates a running job of this kind, unless one runs: 409 JOB_RUNNING naming it. A running job that
 * has not moved for `staleAfterMs` is failed first, so a job lost by the queue never blocks the next.
 */
export interface JobOrigin {
  trigger: "admin" | "schedule";
  actorUid: string | null;
}

/** Where a job starts: reading a listing (total unknown), testing `total` links, or rewriting `total` records. */
export type JobStart = { phase: "listing"; total: null } | { phase: "testing" | "applying"; total: number };
const LISTING: JobStart = { phase: "listing", total: null };

export async function createJob(
  kind: JobKind,
  origin: JobOrigin,
  now: Date,
  start: JobStart = LISTING,
  staleAfterMs = STALE_AFTER_MS,
): Promise<string> {
  const lockRef = locks().doc(kind);
  return db().runTransaction(async (tx) => {
    const lock = await tx.get(lockRef);
    const runningId = lock.get("jobId") as unknown;
    if (typeof runningId === "string") {
      const running = jobFromSnapshot(await tx.get(jobs().doc(runningId)));
      if (running?.state === "running") {
        if (now.getTime() - running.updatedAt.getTime() < staleAfterMs) {
          throw new ApiError("JOB_RUNNING", "This job is already running", { jobId: running.id });
        }
        tx.update(jobs().doc(running.id), {
          state: "failed",
          phase: "finished",
          error: "The job stopped making progress",
          endedAt: now,
          updatedAt: now,
        });
      }
    }
    const ref = jobs().doc();
    tx.create(ref, {
      kind,
      state: "running",
      ...start,
      done: 0,
      startedAt: now,
      updatedAt: now,
      trigger: origin.trigger,
      actorUid: origin.actorUid,
      cursor: null,
      pages: 0,
      applyAfter: null,
      counts: {},
    });
    tx.set(lockRef, { jobId: ref.id, at: now });
    return ref.id;
  });
}

export const enqueueJobSlice = (jobId: string) =>
  taskQueue<JobTask>(JOB_QUEUE).enqueue({ jobId }, { dispatchDeadlineSeconds: DISPATCH_DEADLINE_SECONDS });

/**
 * Stores one page of a listing and moves the cursor, in one batch. After the last page (`next`
 * null) the job turns to applying it to `total` users.
 */
export async function saveListingPage(
  jobId: string,
  page: number,
  entries: unknown[],
  next: string | null,
  total: number | null,
): Promise<void> {
  const batch = db().batch();
  batch.set(pageRef(jobId, page), { entries });
  batch.update(
    jobs().doc(jobId),
    next === null
      ? { cursor: null, pages: page + 1, phase: "applying", done: 0, total, updatedAt: FieldValue.serverTimestamp() }
      : { cursor: next, pages: page + 1, done: page + 1, updatedAt: FieldValue.serverTimestamp() },
  );
  await batch.commit();
}

/** Every entry of the stored listing, in page order. */
export async function readListing<T>(jobId: string): Promise<T[]> {
  const pages = await jobs().doc(jobId).collection("pages").orderBy("__name__").get();
  return pages.docs.flatMap((doc) => (doc.get("entries") ?? []) as T[]);
}

/** A job's progress after a chunk: its cursor, counts and how many are done (and of how many). */
export interface ChunkProgress {
  applyAfter: string;
  done: number;
  total?: number;
  counts: Record<string, number>;
  /** The items the next step reads, stored before it reads them; [] once it is done. */
  inProgress?: string[];
}

const progressUpdate = (progress: ChunkProgress) => ({ ...progress, updatedAt: FieldValue.serverTimestamp() });

/** Testing: the progress after a chunk (its links' tests are stored already, each marked with the job). */
export async function saveProgress(jobId: string, progress: ChunkProgress): Promise<void> {
  await jobs().doc(jobId).update(progressUpdate(progress));
}

/**
 * Before a step reads outside pages: the items it is about to read, so that a slice that dies in the
 * middle of them (a crash, a timeout) leaves the retry the list of what did not finish (saveProgress
 * with `inProgress: []` clears it).
 */
export async function saveInProgress(jobId: string, ids: readonly string[]): Promise<void> {
  await jobs()
    .doc(jobId)
    .update({ inProgress: [...ids], updatedAt: FieldValue.serverTimestamp() });
}

/** One item of a step done (its read recorded): no longer in progress. */
export async function finishedInProgress(jobId: string, id: string): Promise<void> {
  await jobs()
    .doc(jobId)
    .update({ inProgress: FieldValue.arrayRemove(id) });
}

/** Applying: the progress, written in the transaction (or batch) that applies the chunk, so a chunk and its cursor are stored together or not at all. */
export function saveProgressIn(
  tx: { update(ref: DocumentReference, data: UpdateData<Record<string, unknown>>): unknown },
  jobId: string,
  progress: ChunkProgress,
): void {
  tx.update(jobs().doc(jobId), progressUpdate(progress));
}

/** Testing: one more item done, in the transaction that records it (the admin sees each, not only each chunk). */
export function countDoneIn(tx: Transaction, jobId: string): void {
  tx.update(jobs().doc(jobId), { done: FieldValue.increment(1), updatedAt: FieldValue.serverTimestamp() });
}

/**
 * Ends the job (done with its summary, or failed with the reason) and frees its kind, in one
 * transaction with what `alsoIn` records of its end (a summary, an audit entry): a retried end never
 * records twice. Then drops its listing.
 */
export async function finishJob(
  jobId: string,
  kind: JobKind,
  end: { state: "done"; summary: Record<string, number> } | { state: "failed"; error: string },
  now: Date,
  alsoIn?: (tx: Transaction) => void,
): Promise<void> {
  const lockRef = locks().doc(kind);
  const ended = await db().runTransaction(async (tx) => {
    const [lock, job] = await Promise.all([tx.get(lockRef), tx.get(jobs().doc(jobId))]);
    if (job.get("state") !== "running") return false;
    tx.update(job.ref, { ...end, phase: "finished", endedAt: now, updatedAt: now });
    if (lock.get("jobId") === jobId) tx.delete(lockRef);
    alsoIn?.(tx);
    return true;
  });
  if (!ended) return;
  const pages = await jobs().doc(jobId).collection("pages").select().get();
  for (let i = 0; i < pages.docs.length; i += 400) {
    const batch = db().batch();
    pages.docs.slice(i, i + 400).forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
  }
}
