import type { ReferralLink } from "@hub/contract/links";
import { ConfirmDialog } from "@/components/forms/index";
import type { ToastInput } from "@/components/toasts/index";
import { useDeleteLink } from "../api/delete-link";
import type { LinkAudience } from "../utils/link-audience";
import { useLastNonNull } from "./use-last-non-null";

interface DeleteLinkWords {
  title: string;
  question: (link: ReferralLink) => string;
  deleted: (link: ReferralLink) => ToastInput;
  failed: string;
}

/** An admin deletes anyone's link, a member their own: each is told in their own words. */
const WORDS: Record<LinkAudience, DeleteLinkWords> = {
  admin: {
    title: "Delete link?",
    question: (link) =>
      `The ${link.programName} link by ${link.name} (${link.email}) and all of its clicks are deleted. This cannot be undone.`,
    deleted: () => ({ title: "Link deleted", description: "The link and its clicks have been removed" }),
    failed: "Failed to delete link",
  },
  own: {
    title: "Delete Link",
    question: (link) => `Delete your link for ${link.programName}? Its clicks are removed too. This cannot be undone.`,
    deleted: (link) => ({ title: "Link deleted", description: `Your link for ${link.programName} has been removed.` }),
    failed: "Delete failed",
  },
};

interface DeleteLinkDialogProps {
  audience: LinkAudience;
  /** The link to delete; null closes the dialog. */
  link: ReferralLink | null;
  onClose: () => void;
}

export function DeleteLinkDialog({ audience, link, onClose }: DeleteLinkDialogProps) {
  // Kept while the dialog fades out, so its text does not change as it closes.
  const shown = useLastNonNull(link);
  const words = WORDS[audience];
  const deleteLink = useDeleteLink(audience, { success: () => (shown ? words.deleted(shown) : null), error: words.failed });
  if (!shown) return null;
  return (
    <ConfirmDialog
      open={link !== null}
      title={words.title}
      confirmLabel="Delete"
      destructive
      pending={deleteLink.isPending}
      onConfirm={() => deleteLink.mutate({ id: shown.id }, { onSuccess: onClose })}
      onClose={onClose}
    >
      {words.question(shown)}
    </ConfirmDialog>
  );
}
