import Button from "@mui/material/Button";
import SyncIcon from "@mui/icons-material/Sync";
import { useToast } from "@/components/toasts/index";
import { useCheckAllSubscriptions } from "../api/check-all-subscriptions";
import { errorText } from "@/lib/error-text";
import { checkAllSummary } from "../utils/user-messages";

/** Checks every user's subscription with the payment provider and reports the counts. */
export function CheckAllSubscriptionsButton() {
  const { toast } = useToast();
  const checkAll = useCheckAllSubscriptions();
  return (
    <Button
      variant="outlined"
      startIcon={<SyncIcon />}
      loadingPosition="start"
      loading={checkAll.isPending}
      onClick={() => {
        checkAll.mutateAsync().then(
          (result) => toast({ title: "Subscriptions checked", description: checkAllSummary(result) }),
          (error: unknown) => toast({ title: "Bulk Check Failed", description: errorText(error), variant: "destructive" }),
        );
      }}
    >
      Check All Subscriptions
    </Button>
  );
}
