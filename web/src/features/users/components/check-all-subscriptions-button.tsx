import SyncIcon from "@mui/icons-material/Sync";
import type { CheckAllSubscriptionsResult } from "@hub/contract/users";
import { checkAllSummary } from "../utils/user-messages";
import { JobButton } from "@/components/job-button";

/** Checks every user's subscription with the payment provider (a job) and reports the counts. */
export function CheckAllSubscriptionsButton() {
  return (
    <JobButton
      route="checkAllSubscriptions"
      label="Check All Subscriptions"
      icon={<SyncIcon />}
      done={(job) => ({ title: "Subscriptions checked", description: checkAllSummary(job.summary as CheckAllSubscriptionsResult) })}
      failed="Bulk Check Failed"
    />
  );
}
