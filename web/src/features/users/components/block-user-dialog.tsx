import type { AdminUser } from "@hub/contract/users";
import { useToast } from "@/components/toasts/index";
import { useBlockUser } from "../api/block-user";
import { errorText } from "@/lib/error-text";
import { ConfirmDialog } from "@/components/forms/index";

/** Blocking pauses every link of the user and signs them out, so it asks first. */
export function BlockUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { toast } = useToast();
  const blockUser = useBlockUser();

  const handleConfirm = () => {
    // The tab keeps this dialog mounted, but the promise is used anyway so a closed tab still gets its toast.
    blockUser.mutateAsync({ username: user.username }).then(
      () => {
        toast({ title: "User blocked", description: `${user.email}'s links are paused and they have been signed out` });
        onClose();
      },
      (error: unknown) => toast({ title: "Failed to block user", description: errorText(error), variant: "destructive" }),
    );
  };

  return (
    <ConfirmDialog open title="Block user?" confirmLabel="Block" destructive pending={blockUser.isPending} onConfirm={handleConfirm} onClose={onClose}>
      Blocking {user.email} pauses all of their links ({user.linkCount}) and signs them out everywhere. They cannot sign in until they
      are unblocked; unblocking unpauses the links the block paused.
    </ConfirmDialog>
  );
}
