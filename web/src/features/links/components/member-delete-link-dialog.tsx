import type { ReferralLink } from "@hub/contract/links";
import { ConfirmDialog } from "@/components/forms/index";
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
  // Kept while the dialog fades out, so its text does not change as it closes.
  const shown = useLastNonNull(link);
  const deleteLink = useDeleteUserLink();
  const { toast } = useToast();

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
    <ConfirmDialog open={link !== null} title="Delete Link" confirmLabel="Delete" destructive pending={deleteLink.isPending} onConfirm={confirm} onClose={onClose}>
      Delete your link for {shown?.programName ?? "this program"}? Its clicks are removed too. This cannot be undone.
    </ConfirmDialog>
  );
}
