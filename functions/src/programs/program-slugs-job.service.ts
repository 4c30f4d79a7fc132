import type { ProgramSlugsSummary } from "@hub/contract/jobs";
import { countPrograms, giveMissingSlugs, listProgramsAfter } from "../catalog/programs.store";
import { startJob, type JobSlice } from "../jobs/job-runner";
import { finishJob, saveProgressIn, type JobOrigin } from "../jobs/jobs.store";

/*
 * The one-off job that gives every approved program stored before short addresses its slug (docs/architecture.md:
 * *Short rotation addresses*): every program in id order, PROGRAM_SLUGS_CHUNK a step, each step's
 * slugs and the job's cursor in one transaction. A slice the queue retries starts from the stored
 * cursor; a program that has a slug is left as it is, so running the job again gives none.
 */

/** Programs per step: read, and their slugs' candidates, in one transaction. */
export const PROGRAM_SLUGS_CHUNK = 50;

export async function startProgramSlugsJob(origin: JobOrigin, now: Date): Promise<{ jobId: string }> {
  return startJob("program-slugs", origin, now, { phase: "applying", total: await countPrograms() });
}

export const programSlugsSlice: JobSlice = async (deps, job, deadline) => {
  let after = job.applyAfter;
  const summary: ProgramSlugsSummary = { programsGivenSlugs: 0, ...job.counts };
  let done = job.done;
  // at least one step per slice, however small the budget: every slice moves the job on
  for (;;) {
    const chunk = await listProgramsAfter(after, PROGRAM_SLUGS_CHUNK);
    if (chunk.length === 0) break;
    const next = chunk[chunk.length - 1]!.id;
    const walked = done + chunk.length;
    const given = await giveMissingSlugs(
      chunk.filter((p) => p.approved && p.slug === null).map((p) => p.id),
      (tx, count) => {
        const counts = { programsGivenSlugs: summary.programsGivenSlugs + count };
        // programs made since the start are walked too: the total grows with them
        saveProgressIn(tx, job.id, { applyAfter: next, done: walked, total: Math.max(job.total ?? 0, walked), counts });
      },
    );
    summary.programsGivenSlugs += given;
    after = next;
    done = walked;
    if (chunk.length < PROGRAM_SLUGS_CHUNK) break;
    if (Date.now() > deadline) return false;
  }
  await finishJob(job.id, "program-slugs", { state: "done", summary: { ...summary } }, deps.now());
  return true;
};
