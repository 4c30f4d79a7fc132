import { logger } from "firebase-functions";
import type { JobKind } from "@hub/contract/jobs";
import type { AppDeps } from "../platform/deps";
import { jobFailedMail } from "../platform/mailer";
import { sendMailOnce } from "../platform/mail-once";
import { raiseAlert } from "../alerts/alerts.service";
import { listAdmins } from "./users.store";

/** A job's kind as a sentence names it ("The terms watch job failed"). */
const JOB_LABELS: Record<JobKind, string> = {
  "subscription-check": "subscription check",
  "auto-approve": "auto-approve",
  "link-health": "link health",
  "address-truncation": "address truncation",
  daily: "day's turn",
  "weekly-digest": "weekly digest",
  "program-slugs": "short addresses",
  "terms-watch": "terms watch",
};

/**
 * A background job that ended `failed` is told, not left for an admin to find (the contract's
 * `job-failed`): one alert and one mail to each admin per job kind and UTC day, however often it fails
 * that day. The job's error is the runner's own message (a step's exception): never a secret or the
 * webhook's address, which no job error carries.
 */
export async function tellJobFailed(
  deps: Pick<AppDeps, "mailer" | "now" | "appOrigin" | "community">,
  kind: JobKind,
  error: string,
): Promise<void> {
  const day = deps.now().toISOString().slice(0, 10);
  const jobLabel = JOB_LABELS[kind];
  const jobsUrl = `${deps.appOrigin}/admin`;
  // an error message is the runner's, but kept short: an alert's text is bounded, and so is a mail's
  const said = error.length > 300 ? `${error.slice(0, 300)}…` : error;
  await raiseAlert(deps, "job-failed", `${kind}:${day}`, {
    text: `The ${jobLabel} job failed after its retries: ${said}`,
    url: jobsUrl,
    data: { kind, day, error: said },
  });
  for (const admin of await listAdmins()) {
    try {
      await sendMailOnce(deps, `job-failed_${kind}_${day}_${admin.id}`, "job-failed", () =>
        jobFailedMail(admin.email, { jobLabel, error: said, jobsUrl }, deps.community),
      );
    } catch (err) {
      logger.error("job-failed e-mail not sent", { kind, admin: admin.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
}
