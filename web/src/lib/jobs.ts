// Long admin work runs as a job: started (202 { jobId }), then followed until it ends (admin).
// Shared: the users feature's subscription jobs and the links feature's health check both run one.
import type { Job, JobStarted } from "@hub/contract/jobs";
import { ApiRequestError, callApi } from "./api-client";

/** The routes that start a job. */
export type JobRoute =
  | "checkAllSubscriptions"
  | "autoApproveSubscribers"
  | "runLinkHealth"
  | "runDaily"
  | "runWeeklyDigest"
  | "runProgramSlugs"
  | "runTermsWatch";

/** Starts the job; when one of its kind runs already (409 JOB_RUNNING), that one is the answer. */
export async function startJob(route: JobRoute): Promise<JobStarted> {
  try {
    return await callApi(route);
  } catch (error) {
    const running =
      error instanceof ApiRequestError && error.code === "JOB_RUNNING" ? (error.body as { jobId?: unknown }).jobId : undefined;
    if (typeof running === "string") return { jobId: running };
    throw error;
  }
}

export const getJob = (jobId: string): Promise<Job> => callApi("getJob", { params: { jobId } });
