import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CallMergeIcon from "@mui/icons-material/CallMerge";
import { useId } from "react";
import type { AdminUser } from "@hub/contract/users";
import type { DuplicateGroup } from "../api/get-duplicate-users";
import { localDate } from "@/lib/dates";

interface DuplicateGroupCardProps {
  group: DuplicateGroup;
  onMerge: (primary: AdminUser, duplicate: AdminUser) => void;
}

const created = (account: AdminUser) => localDate(account.createdAt);

/** One shared e-mail and its accounts; the first is the primary, the others can be merged into it. */
export function DuplicateGroupCard({ group, onMerge }: DuplicateGroupCardProps) {
  const headingId = useId();
  const [primary] = group.duplicates;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
        {group.email}
      </Typography>
      <List dense disablePadding aria-label={`Accounts for ${group.email}`}>
        {group.duplicates.map((account, index) => (
          <ListItem key={account.id} divider={index < group.duplicates.length - 1} disableGutters sx={{ py: 1 }}>
            <Stack
              direction={{ xs: "column", sm: "row" }}
              spacing={1}
              sx={{ width: "100%", justifyContent: "space-between", alignItems: { sm: "center" } }}
            >
              <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
                  {/* pre-wrap: the accounts may differ only in spaces, which must stay visible */}
                  <Typography component="span" sx={{ fontWeight: 500, wordBreak: "break-all", whiteSpace: "pre-wrap" }}>
                    {account.username}
                  </Typography>
                  {index === 0 ? (
                    <Chip size="small" color="primary" label="Primary" />
                  ) : (
                    <Chip size="small" variant="outlined" label="Duplicate" />
                  )}
                  {account.isAdmin ? <Chip size="small" variant="outlined" label="Admin" /> : null}
                  {account.blocked ? <Chip size="small" color="error" variant="outlined" label="Blocked" /> : null}
                  {!account.approved ? <Chip size="small" color="warning" variant="outlined" label="Pending approval" /> : null}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {account.displayName ?? "No name"} · {account.linkCount} link{account.linkCount === 1 ? "" : "s"}
                  {created(account) ? ` · created ${created(account) ?? ""}` : ""}
                </Typography>
              </Stack>
              {index > 0 && primary ? (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<CallMergeIcon />}
                  sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "center" } }}
                  onClick={() => onMerge(primary, account)}
                >
                  Merge into primary
                </Button>
              ) : null}
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
