import type { AdminUser } from "@hub/contract/users";
import { useToast } from "@/components/toasts/index";
import { useDeleteUser } from "../api/delete-user";
import { errorText } from "@/lib/error-text";
import { ConfirmDialog } from "@/components/forms/index";

interface DeleteUserDialogProps {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
  /** After a successful delete (the settings dialog closes too). */
  onDeleted: () => void;
}

export function DeleteUserDialog({ user, open, onClose, onDeleted }: DeleteUserDialogProps) {
  const { toast } = useToast();
  const deleteUser = useDeleteUser();

  const handleConfirm = () => {
    deleteUser.mutateAsync({ username: user.username }).then(
      () => {
        toast({ title: "User deleted successfully", description: "The user and all their links have been removed" });
        onDeleted();
      },
      (error: unknown) => toast({ title: "Error deleting user", description: errorText(error), variant: "destructive" }),
    );
  };

  return (
    <ConfirmDialog open={open} title="Delete user?" confirmLabel="Delete User" destructive pending={deleteUser.isPending} onConfirm={handleConfirm} onClose={onClose}>
      This permanently deletes {user.email}, all of their links ({user.linkCount}) with their clicks, their login tokens and their
      sign-in. This cannot be undone.
    </ConfirmDialog>
  );
}
