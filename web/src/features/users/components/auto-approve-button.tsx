import Button from "@mui/material/Button";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import { useToast } from "@/components/toasts/index";
import { useAutoApproveSubscribers } from "../api/auto-approve-subscribers";
import { errorText } from "@/lib/error-text";
import { autoApproveSummary } from "../utils/user-messages";

/** Approves every pending user whose subscription is valid, then says how many. */
export function AutoApproveButton() {
  const { toast } = useToast();
  const autoApprove = useAutoApproveSubscribers();
  return (
    <Button
      variant="outlined"
      startIcon={<DoneAllIcon />}
      loadingPosition="start"
      loading={autoApprove.isPending}
      onClick={() => {
        autoApprove.mutateAsync().then(
          (result) => toast({ title: "Auto-approval complete", description: autoApproveSummary(result) }),
          (error: unknown) => toast({ title: "Auto-approval failed", description: errorText(error), variant: "destructive" }),
        );
      }}
    >
      Auto-Approve Subscribers
    </Button>
  );
}
