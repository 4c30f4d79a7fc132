import type { Job } from "@hub/contract/jobs";

const plural = (count: number, one: string, many = `${one}s`) => `${String(count)} ${count === 1 ? one : many}`;

/**
 * Where a job stands, in words, by its phase: the provider's listing is counted in pages (its size is
 * unknown), applying in users (in programs for the short-address job), testing in links (in programs
 * for the terms watch). `null`: the
 * job has not answered yet.
 */
export function jobProgressText(job: (Pick<Job, "phase" | "done" | "total"> & Partial<Pick<Job, "kind">>) | null): string {
  if (!job) return "Starting…";
  const ofTotal = `${String(job.done)} of ${job.total === null ? "?" : String(job.total)}`;
  switch (job.phase) {
    case "listing":
      return `Reading subscriptions: ${plural(job.done, "page")}`;
    case "applying":
      return job.kind === "program-slugs" ? `Programs: ${ofTotal}` : `Users: ${ofTotal}`;
    case "testing":
      return job.kind === "terms-watch" ? `Programs checked: ${ofTotal}` : `Links tested: ${ofTotal}`;
    case "finished":
      return "Finishing…";
  }
}

/** The progress bar's percentage, or undefined while the total is unknown (an indeterminate bar). */
export function jobProgressValue(job: Pick<Job, "phase" | "done" | "total"> | null): number | undefined {
  if (!job || job.phase === "listing" || !job.total) return undefined;
  return Math.min(100, (job.done / job.total) * 100);
}
