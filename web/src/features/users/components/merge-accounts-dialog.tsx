import type { AdminUser } from "@hub/contract/users";
import { useMergeAccounts } from "../api/merge-accounts";
import { mergeSummary } from "../utils/user-messages";
import { ConfirmDialog } from "@/components/forms/index";

interface MergeAccountsDialogProps {
  primary: AdminUser;
  duplicate: AdminUser;
  onClose: () => void;
}

/** Asks before merging a duplicate account into the primary (the duplicate is deleted). */
export function MergeAccountsDialog({ primary, duplicate, onClose }: MergeAccountsDialogProps) {
  const mergeAccounts = useMergeAccounts({
    success: (result) => ({ title: "Accounts merged", description: mergeSummary(result) }),
    error: "Merge failed",
  });

  const handleConfirm = () => {
    // The usernames go exactly as listed: they differ only in case or spaces, which is what tells them apart.
    mergeAccounts.mutate({ primaryEmail: primary.username, duplicateEmail: duplicate.username }, { onSettled: onClose });
  };

  return (
    <ConfirmDialog
      open
      title="Merge accounts?"
      confirmLabel="Merge"
      destructive
      pending={mergeAccounts.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      The account &ldquo;{duplicate.username}&rdquo; ({duplicate.linkCount} link{duplicate.linkCount === 1 ? "" : "s"}) will be merged into
      the primary account &ldquo;{primary.username}&rdquo;: its links and login tokens move to the primary, empty details of the primary are
      filled from it, notes are joined, and the duplicate account is deleted. If both have a link in the same program nothing is changed.
      This cannot be undone.
    </ConfirmDialog>
  );
}
