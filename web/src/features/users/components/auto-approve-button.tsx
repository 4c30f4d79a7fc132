import DoneAllIcon from "@mui/icons-material/DoneAll";
import { useToast } from "@/components/toasts/index";
import { autoApproveSummary } from "../utils/user-messages";
import { JobButton } from "@/components/job-button";

/** Approves every pending user whose subscription is valid (a job), then says how many. */
export function AutoApproveButton() {
  const { toast } = useToast();
  return (
    <JobButton
      route="autoApproveSubscribers"
      label="Auto-Approve Subscribers"
      icon={<DoneAllIcon />}
      onDone={(job) => toast({ title: "Auto-approval complete", description: autoApproveSummary(job.summary as { checkedCount: number; approvedCount: number }) })}
      onFailed={(message) => toast({ title: "Auto-approval failed", description: message, variant: "destructive" })}
    />
  );
}
