import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import PersonAddAlt1OutlinedIcon from "@mui/icons-material/PersonAddAlt1Outlined";
import { useCallback, useMemo, useState } from "react";
import type { AdminUser } from "@hub/contract/users";
import { PageSpinner } from "@/components/spinners/index";
import { useUsers } from "../api/get-users";
import { errorText } from "@/lib/error-text";
import { DEFAULT_USER_FILTERS, filterUsers, type UserFilters } from "../utils/user-list";
import { AutoApproveButton } from "./auto-approve-button";
import { BlockUserDialog } from "./block-user-dialog";
import { CreateUserDialog } from "./create-user-dialog";
import { FilterSwitch } from "@/components/filter-switch";
import { UserCard } from "./user-card";
import type { UserDialogAction } from "./user-card-details";
import { UserSettingsDialog } from "./user-settings-dialog";

const FILTER_LABELS: { name: keyof UserFilters; label: string }[] = [
  { name: "hideBlocked", label: "Hide blocked users" },
  { name: "hideApproved", label: "Hide approved users" },
  { name: "hideAdmins", label: "Hide admins" },
];

const NO_USERS: AdminUser[] = [];

interface UsersTabProps {
  /** 'Log in as user': signs in as that member and opens their dashboard; rejects when it could not. */
  onLogInAsUser: (email: string) => Promise<void>;
}

/** Users tab: approve, block, unblock, settings, impersonation, create users, auto-approve subscribers. */
export function UsersTab({ onLogInAsUser }: UsersTabProps) {
  const usersQuery = useUsers();
  const users = usersQuery.data ?? NO_USERS;
  const [filters, setFilters] = useState<UserFilters>(DEFAULT_USER_FILTERS);
  // The dialog remembers the user as it was opened; while open it shows the list's fresher copy.
  const [dialog, setDialog] = useState<{ kind: UserDialogAction; user: AdminUser } | null>(null);
  const [creating, setCreating] = useState(false);

  const visible = useMemo(() => filterUsers(users, filters), [users, filters]);
  const dialogUser = dialog ? (users.find((user) => user.id === dialog.user.id) ?? dialog.user) : null;

  const handleFilterChange = useCallback((name: keyof UserFilters, checked: boolean) => {
    setFilters((current) => ({ ...current, [name]: checked }));
  }, []);
  const handleDialog = useCallback((kind: UserDialogAction, user: AdminUser) => setDialog({ kind, user }), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  if (usersQuery.isPending) return <PageSpinner label="Loading users" />;
  if (usersQuery.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" loading={usersQuery.isFetching} onClick={() => void usersQuery.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the users: {errorText(usersQuery.error)}
      </Alert>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setCreating(true)}>
          Create User
        </Button>
        <AutoApproveButton />
      </Stack>

      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", columnGap: 2 }} role="group" aria-label="User filters">
          {FILTER_LABELS.map(({ name, label }) => (
            <FilterSwitch key={name} name={name} label={label} checked={filters[name]} onChange={handleFilterChange} />
          ))}
          <Typography color="text.secondary" sx={{ ml: "auto" }} aria-live="polite">
            {visible.length} of {users.length} users
          </Typography>
        </Stack>
      </Paper>

      {visible.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography color="text.secondary">{users.length === 0 ? "No users yet." : "No users match the current filters."}</Typography>
        </Paper>
      ) : (
        <Stack spacing={1}>
          {visible.map((user) => (
            <UserCard key={user.id} user={user} onDialog={handleDialog} onLogInAsUser={onLogInAsUser} />
          ))}
        </Stack>
      )}

      {dialog?.kind === "settings" && dialogUser ? <UserSettingsDialog user={dialogUser} onClose={closeDialog} /> : null}
      {dialog?.kind === "block" && dialogUser ? <BlockUserDialog user={dialogUser} onClose={closeDialog} /> : null}
      {creating ? <CreateUserDialog onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}
