import type { ReferralLink } from "@hub/contract/links";
import { useMarkLinkDead } from "../api/mark-link-dead";
import { DeadNoteDialog } from "./dead-note-dialog";

export function MarkLinkDeadDialog({ link, onClose }: { link: ReferralLink; onClose: () => void }) {
  const markDead = useMarkLinkDead({
    // the owner was told only if the mail went; otherwise say so (the row keeps an "Owner not e-mailed" chip)
    success: (dead) =>
      dead.ownerNotified
        ? { title: "Link marked dead", description: "The owner has been notified by e-mail" }
        : { title: "Link marked dead", description: "The e-mail to the owner could not be sent", variant: "destructive" },
    error: "Failed to mark link dead",
  });
  return (
    <DeadNoteDialog
      title="Mark link as dead?"
      pending={markDead.isPending}
      onClose={onClose}
      onSubmit={(note) => markDead.mutate({ id: link.id, note }, { onSuccess: onClose })}
    >
      {link.name} ({link.email}) is e-mailed that their {link.programName} link is dead, with the note below if you add one.
    </DeadNoteDialog>
  );
}
