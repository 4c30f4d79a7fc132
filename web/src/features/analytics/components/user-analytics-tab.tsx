import { useMemo } from "react";
import type { TimeFilter, UserAnalytics } from "@hub/contract/analytics";
import { PageSpinner } from "@/components/spinners/index";
import { useAnalyticsUsers } from "../api/get-analytics-users";
import type { SortState } from "../utils/table-sort";
import { userAnalyticsRows, type UserSortColumn } from "../utils/user-analytics";
import { EmptyState } from "@/components/empty-state";
import { LoadErrorAlert } from "@/components/errors/index";
import { SectionCard } from "./section-card";
import { UserAnalyticsTable } from "./user-analytics-table";

const NO_USERS: UserAnalytics[] = [];

interface UserAnalyticsTabProps {
  range: TimeFilter;
  sort: SortState<UserSortColumn>;
  onSort: (column: UserSortColumn) => void;
}

/** Users: clicks per link owner in the range and all time. Loaded only when the tab is opened. */
export function UserAnalyticsTab({ range, sort, onSort }: UserAnalyticsTabProps) {
  const usersQuery = useAnalyticsUsers(range);
  const users = usersQuery.data ?? NO_USERS;
  const rows = useMemo(() => userAnalyticsRows(users, sort), [users, sort]);

  if (usersQuery.isPending) return <PageSpinner label="Loading user analytics" />;
  if (usersQuery.isError) {
    return (
      <LoadErrorAlert
        what="the user analytics"
        error={usersQuery.error}
        retrying={usersQuery.isFetching}
        onRetry={() => void usersQuery.refetch()}
      />
    );
  }

  return (
    <SectionCard title="User Analytics">
      {rows.length === 0 ? (
        <EmptyState>No users with clicks or active links yet.</EmptyState>
      ) : (
        <UserAnalyticsTable rows={rows} sort={sort} onSort={onSort} />
      )}
    </SectionCard>
  );
}
