import type { AdminUser } from "@hub/contract/users";
import { useBlockUser } from "../api/block-user";
import { ConfirmDialog } from "@/components/forms/index";

/** Blocking pauses every link of the user and signs them out, so it asks first. */
export function BlockUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  // The toasts belong to the mutation, so a closed tab still gets them.
  const blockUser = useBlockUser({
    success: { title: "User blocked", description: `${user.email}'s links are paused and they have been signed out` },
    error: "Failed to block user",
  });

  const handleConfirm = () => blockUser.mutate({ username: user.username }, { onSuccess: onClose });

  return (
    <ConfirmDialog
      open
      title="Block user?"
      confirmLabel="Block"
      destructive
      pending={blockUser.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      Blocking {user.email} pauses all of their links ({user.linkCount}) and signs them out everywhere. They cannot sign in until they are
      unblocked; unblocking unpauses the links the block paused.
    </ConfirmDialog>
  );
}
