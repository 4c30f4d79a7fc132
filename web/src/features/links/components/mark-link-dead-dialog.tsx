import type { ReferralLink } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import { useMarkLinkDead } from "../api/mark-link-dead";
import { errorText } from "@/lib/error-text";
import { DeadNoteDialog } from "./dead-note-dialog";

export function MarkLinkDeadDialog({ link, onClose }: { link: ReferralLink; onClose: () => void }) {
  const { toast } = useToast();
  const markDead = useMarkLinkDead();
  return (
    <DeadNoteDialog
      title="Mark link as dead?"
      pending={markDead.isPending}
      onClose={onClose}
      onSubmit={(note) =>
        markDead.mutate(
          { id: link.id, note },
          {
            onSuccess: () => {
              toast({ title: "Link marked dead", description: "The owner has been notified by e-mail" });
              onClose();
            },
            onError: (error) => toast({ title: "Failed to mark link dead", description: errorText(error), variant: "destructive" }),
          },
        )
      }
    >
      {link.name} ({link.email}) is e-mailed that their {link.programName} link is dead, with the note below if you add one.
    </DeadNoteDialog>
  );
}
