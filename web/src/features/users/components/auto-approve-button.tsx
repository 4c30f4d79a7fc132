import DoneAllIcon from "@mui/icons-material/DoneAll";
import { autoApproveSummary } from "../utils/user-messages";
import { JobButton } from "@/components/job-button";

/** Approves every pending user whose subscription is valid (a job), then says how many. */
export function AutoApproveButton() {
  return (
    <JobButton
      route="autoApproveSubscribers"
      label="Auto-Approve Subscribers"
      icon={<DoneAllIcon />}
      done={(job) => ({
        title: "Auto-approval complete",
        description: autoApproveSummary(job.summary as { checkedCount: number; approvedCount: number }),
      })}
      failed="Auto-approval failed"
    />
  );
}
