import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import type { ReferralLink } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import { useDeleteUserLink } from "../api/delete-user-link";
import { errorMessage } from "../utils/error-message";
import { useLastNonNull } from "./use-last-non-null";

interface DeleteLinkDialogProps {
  /** The link to delete; null closes the dialog. */
  link: ReferralLink | null;
  onClose: () => void;
}

export function DeleteLinkDialog({ link, onClose }: DeleteLinkDialogProps) {
  const shown = useLastNonNull(link);
  const deleteLink = useDeleteUserLink();
  const { toast } = useToast();

  const close = () => {
    if (!deleteLink.isPending) onClose();
  };

  const confirm = () => {
    if (!shown) return;
    deleteLink.mutate(shown.id, {
      onSuccess: () => {
        toast({ title: "Link deleted", description: `Your link for ${shown.programName} has been removed.` });
        onClose();
      },
      onError: (error) => {
        toast({ title: "Delete failed", description: errorMessage(error), variant: "destructive" });
      },
    });
  };

  return (
    <Dialog open={link !== null} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>Delete Link</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete your link for {shown?.programName ?? "this program"}? Its clicks are removed too. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={deleteLink.isPending} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" loading={deleteLink.isPending} onClick={confirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
