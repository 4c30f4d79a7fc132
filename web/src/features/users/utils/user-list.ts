import type { AdminUser } from "@hub/contract/users";

/** The Users tab's filters; the defaults are what the tab opens with: hide blocked and approved, others off. */
export interface UserFilters {
  hideBlocked: boolean;
  hideApproved: boolean;
  hideAdmins: boolean;
}

export const DEFAULT_USER_FILTERS: UserFilters = { hideBlocked: true, hideApproved: true, hideAdmins: false };

type FilterableUser = Pick<AdminUser, "username" | "approved" | "blocked" | "isAdmin">;

/** Keeps the users the filters let through, sorted by username. */
export function filterUsers<U extends FilterableUser>(users: readonly U[], filters: UserFilters): U[] {
  return users
    .filter(
      (user) => !(filters.hideBlocked && user.blocked) && !(filters.hideApproved && user.approved) && !(filters.hideAdmins && user.isAdmin),
    )
    .sort((a, b) => compareUsernames(a.username, b.username));
}

/** Plain code-unit order, as the server sorts, so the list never reorders after a refetch. */
export function compareUsernames(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

export type SubscriptionTone = "success" | "error" | "warning";

const GOOD_STATUSES = new Set(["active", "trialing"]);
const BAD_STATUSES = new Set(["canceled", "cancelled", "past_due", "unpaid", "not_found"]);

/** How a subscription status is coloured: active/trialing good, the known lapsed states bad, anything else a warning. */
export function subscriptionTone(status: string): SubscriptionTone {
  const normalized = status.trim().toLowerCase();
  if (GOOD_STATUSES.has(normalized)) return "success";
  if (BAD_STATUSES.has(normalized)) return "error";
  return "warning";
}
