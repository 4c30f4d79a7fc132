import type { ReferralLink } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import { useDeleteLink } from "../api/delete-link";
import { errorText } from "@/lib/error-text";
import { ConfirmDialog } from "@/components/forms/index";

export function DeleteLinkDialog({ link, onClose }: { link: ReferralLink; onClose: () => void }) {
  const { toast } = useToast();
  const deleteLink = useDeleteLink();
  return (
    <ConfirmDialog
      open
      title="Delete link?"
      confirmLabel="Delete"
      destructive
      pending={deleteLink.isPending}
      onClose={onClose}
      onConfirm={() =>
        deleteLink.mutate(
          { id: link.id },
          {
            onSuccess: () => {
              toast({ title: "Link deleted", description: "The link and its clicks have been removed" });
              onClose();
            },
            onError: (error) => toast({ title: "Failed to delete link", description: errorText(error), variant: "destructive" }),
          },
        )
      }
    >
      The {link.programName} link by {link.name} ({link.email}) and all of its clicks are deleted. This cannot be undone.
    </ConfirmDialog>
  );
}
