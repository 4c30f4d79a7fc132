import type { Job } from "@hub/contract/jobs";
import { ApiError } from "../platform/api-error";
import { readJob, toJob } from "./jobs.store";

/** GET /api/admin/jobs/{jobId}: where a job stands; 404 for an id that names none. */
export async function jobById(jobId: string): Promise<Job> {
  const job = await readJob(jobId);
  if (!job) throw new ApiError("NOT_FOUND", "Job not found");
  return toJob(job);
}
