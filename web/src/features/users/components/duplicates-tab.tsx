import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { AdminUser } from "@hub/contract/users";
import { PageSpinner } from "@/components/spinners/index";
import { useDuplicateUsers } from "../api/get-duplicate-users";
import { DuplicateGroupCard } from "./duplicate-group-card";
import { MergeAccountsDialog } from "./merge-accounts-dialog";
import { QueryErrorAlert } from "@/components/errors/index";

/** Duplicates tab: accounts that share an e-mail; each duplicate can be merged into the group's primary (the first). */
export function DuplicatesTab() {
  const duplicatesQuery = useDuplicateUsers();
  const [merging, setMerging] = useState<{ primary: AdminUser; duplicate: AdminUser } | null>(null);

  if (duplicatesQuery.isPending) return <PageSpinner label="Loading duplicate accounts" />;
  if (duplicatesQuery.isError) return <QueryErrorAlert what="the duplicate accounts" queries={[duplicatesQuery]} />;

  const groups = duplicatesQuery.data;
  return (
    <Stack spacing={2}>
      {groups.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography variant="h6" component="h2">
            No duplicate accounts
          </Typography>
          <Typography color="text.secondary">Every account has its own email address.</Typography>
        </Paper>
      ) : (
        <>
          <Typography color="text.secondary" aria-live="polite">
            {groups.length} email address{groups.length === 1 ? " is" : "es are"} shared by more than one account. The first account of each
            group is the primary.
          </Typography>
          {groups.map((group) => (
            <DuplicateGroupCard key={group.email} group={group} onMerge={(primary, duplicate) => setMerging({ primary, duplicate })} />
          ))}
        </>
      )}
      {merging ? <MergeAccountsDialog primary={merging.primary} duplicate={merging.duplicate} onClose={() => setMerging(null)} /> : null}
    </Stack>
  );
}
