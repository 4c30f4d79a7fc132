import type { UserAnalytics } from "@hub/contract/analytics";
import { sortRows, type SortState } from "./table-sort";

export const USER_SORT_COLUMNS = ["email", "clicks", "clickPercentage", "allTimeClicks", "allTimePercentage", "activeLinks"] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export const DEFAULT_USER_SORT: SortState<UserSortColumn> = { column: "allTimeClicks", direction: "desc" };

/** Owners with nothing to report (no clicks ever, no active link) would only pad the table. */
export function isReportableUser(user: Pick<UserAnalytics, "clicks" | "allTimeClicks" | "activeLinks">): boolean {
  return user.clicks !== 0 || user.allTimeClicks !== 0 || user.activeLinks !== 0;
}

/** The 'User Analytics' rows: reportable users in the chosen order, ties by e-mail. */
export function userAnalyticsRows(users: readonly UserAnalytics[], sort: SortState<UserSortColumn>): UserAnalytics[] {
  return sortRows(users.filter(isReportableUser), sort, (a, b) => a.email.localeCompare(b.email));
}
