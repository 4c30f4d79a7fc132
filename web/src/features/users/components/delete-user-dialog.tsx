import type { AdminUser } from "@hub/contract/users";
import { useDeleteUser } from "../api/delete-user";
import { ConfirmDialog } from "@/components/forms/index";

interface DeleteUserDialogProps {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
  /** After a successful delete (the settings dialog closes too). */
  onDeleted: () => void;
}

export function DeleteUserDialog({ user, open, onClose, onDeleted }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser({
    success: { title: "User deleted successfully", description: "The user and all their links have been removed" },
    error: "Error deleting user",
  });

  const handleConfirm = () => deleteUser.mutate({ username: user.username }, { onSuccess: onDeleted });

  return (
    <ConfirmDialog
      open={open}
      title="Delete user?"
      confirmLabel="Delete User"
      destructive
      pending={deleteUser.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      This permanently deletes {user.email}, all of their links ({user.linkCount}) with their clicks, their login tokens and their sign-in.
      This cannot be undone.
    </ConfirmDialog>
  );
}
