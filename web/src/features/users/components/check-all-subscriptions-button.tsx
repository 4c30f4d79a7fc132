import SyncIcon from "@mui/icons-material/Sync";
import type { CheckAllSubscriptionsResult } from "@hub/contract/users";
import { useToast } from "@/components/toasts/index";
import { checkAllSummary } from "../utils/user-messages";
import { JobButton } from "@/components/job-button";

/** Checks every user's subscription with the payment provider (a job) and reports the counts. */
export function CheckAllSubscriptionsButton() {
  const { toast } = useToast();
  return (
    <JobButton
      route="checkAllSubscriptions"
      label="Check All Subscriptions"
      icon={<SyncIcon />}
      onDone={(job) => toast({ title: "Subscriptions checked", description: checkAllSummary(job.summary as CheckAllSubscriptionsResult) })}
      onFailed={(message) => toast({ title: "Bulk Check Failed", description: message, variant: "destructive" })}
    />
  );
}
