import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import PersonAddAlt1OutlinedIcon from "@mui/icons-material/PersonAddAlt1Outlined";
import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import type { TierSettings } from "@hub/contract/tiers";
import type { AdminUser } from "@hub/contract/users";
import { PageSpinner } from "@/components/spinners/index";
import { useUsers } from "../api/get-users";
import { DEFAULT_USER_FILTERS, filterUsers, type UserFilters } from "../utils/user-list";
import { tierNameOf } from "../utils/user-tier";
import { AutoApproveButton } from "./auto-approve-button";
import { WeeklyDigestButton } from "./weekly-digest-button";
import { BlockUserDialog } from "./block-user-dialog";
import { CreateUserDialog } from "./create-user-dialog";
import { FilterBar } from "@/components/filter-switch";
import { UserCard } from "./user-card";
import type { UserDialogAction } from "./user-card-details";
import { UserSettingsDialog } from "./user-settings-dialog";
import { QueryErrorAlert } from "@/components/errors/index";
import { EmptyState } from "@/components/empty-state";
import { SearchField } from "@/components/search-field/index";
import { searchable, searchItems } from "@/lib/text-search";
import { useFilterParams } from "@/lib/use-filter-params";
import { useSearchQuery } from "@/lib/use-search-query";

const FILTER_LABELS: { name: keyof UserFilters; label: string }[] = [
  { name: "hideBlocked", label: "Hide blocked users" },
  { name: "hideApproved", label: "Hide approved users" },
  { name: "hideAdmins", label: "Hide admins" },
];

const NO_USERS: AdminUser[] = [];

interface UsersTabProps {
  /** 'Log in as user': signs in as that member and opens their dashboard; rejects when it could not. */
  onLogInAsUser: (email: string) => Promise<void>;
  /** The membership tiers (from the tiers feature): each user's tier by name, and the tiers to choose from. */
  tiersQuery: UseQueryResult<TierSettings>;
}

/** Users tab: approve, block, unblock, settings, impersonation, create users, auto-approve subscribers. */
export function UsersTab({ onLogInAsUser, tiersQuery }: UsersTabProps) {
  const usersQuery = useUsers();
  const tiers = tiersQuery.data?.tiers;
  const users = usersQuery.data ?? NO_USERS;
  // kept in the address beside the search, so a reload or a shared address shows the same list
  const [filters, setFilters] = useFilterParams(DEFAULT_USER_FILTERS);
  // The dialog remembers the user as it was opened; while open it shows the list's fresher copy.
  const [dialog, setDialog] = useState<{ kind: UserDialogAction; user: AdminUser } | null>(null);
  const [creating, setCreating] = useState(false);

  const [query, setQuery] = useSearchQuery();
  const search = useDeferredValue(query);
  const visible = useMemo(
    () => searchItems(filterUsers(users, filters), (u) => searchable(u.email, u.displayName), search),
    [users, filters, search],
  );
  const dialogUser = dialog ? (users.find((user) => user.id === dialog.user.id) ?? dialog.user) : null;

  const handleFilterChange = useCallback((name: keyof UserFilters, checked: boolean) => setFilters({ [name]: checked }), [setFilters]);
  const handleDialog = useCallback((kind: UserDialogAction, user: AdminUser) => setDialog({ kind, user }), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  if (usersQuery.isPending) return <PageSpinner label="Loading users" />;
  if (usersQuery.isError) return <QueryErrorAlert what="the users" queries={[usersQuery]} />;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setCreating(true)}>
          Create User
        </Button>
        <AutoApproveButton />
        <WeeklyDigestButton />
      </Stack>

      <SearchField label="Search users" hint="Member name or e-mail" value={query} onChange={setQuery} />
      <FilterBar
        label="User filters"
        filters={FILTER_LABELS}
        values={filters}
        onChange={handleFilterChange}
        count={`${String(visible.length)} of ${String(users.length)} users`}
      />

      {visible.length === 0 ? (
        <EmptyState>
          {users.length === 0
            ? "No users yet."
            : search.trim()
              ? "No users match your search and filters."
              : "No users match the current filters."}
        </EmptyState>
      ) : (
        <Stack spacing={1}>
          {visible.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              tierName={tierNameOf(user.tierId, tiers)}
              onDialog={handleDialog}
              onLogInAsUser={onLogInAsUser}
            />
          ))}
        </Stack>
      )}

      {dialog?.kind === "settings" && dialogUser ? (
        <UserSettingsDialog user={dialogUser} tiersQuery={tiersQuery} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === "block" && dialogUser ? <BlockUserDialog user={dialogUser} onClose={closeDialog} /> : null}
      {creating ? <CreateUserDialog onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}
