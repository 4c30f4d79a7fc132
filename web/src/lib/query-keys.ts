import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * The key of every list the app caches, in one place: features and pages use these, never a literal.
 * (Analytics keeps its own keys, one per time range, in its feature: nothing else reads them.)
 */
export const QUERY_KEYS = {
  links: ["links"],
  programs: ["programs"],
  announcements: ["announcements"],
  users: ["users"],
  duplicateUsers: ["duplicate-users"],
  /** A member's own links. */
  ownLinks: ["own-links"],
  /** A member's own outcomes (Earnings), one entry per year under this key. */
  ownOutcomes: ["own-outcomes"],
  publicPrograms: ["public-programs"],
  community: ["community"],
  /** The signed-in member's profile (its settings). */
  profile: ["profile"],
  /** What the terms watch kept of each program's terms page (admin), one entry per program under this key. */
  programTerms: ["program-terms"],
  /** The alerts channel's settings (admin). */
  alerts: ["alerts"],
  /** The membership tiers: their weights and the Stripe prices that grant them (admin). */
  tiers: ["tiers"],
} as const;

/**
 * What an admin change touches. Users carry link counts and links carry owners, so every admin change
 * refreshes all of them (only the lists on screen refetch; the rest are marked stale).
 */
const ADMIN_LISTS = [
  QUERY_KEYS.links,
  QUERY_KEYS.programs,
  QUERY_KEYS.announcements,
  QUERY_KEYS.users,
  QUERY_KEYS.duplicateUsers,
  QUERY_KEYS.programTerms,
  QUERY_KEYS.alerts,
];

/** Mutations that act on one link share this key, so the list can tell which rows are busy. */
export const linkActionMutationKey = ["admin", "link-action"] as const;
/** Mutations that act on one program. */
export const programActionMutationKey = ["admin", "program-action"] as const;
/** Mutations that act on one user (approve, block, unblock, update, delete, subscription check). */
export const userActionMutationKey = ["admin", "user-action"] as const;

/** Refreshes the links, programs and announcement after a successful change (counts and names cross over). */
export function useInvalidateAdminData(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(ADMIN_LISTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient]);
}

/**
 * After a member's outcome changes: their Earnings, and their links with the programs' counts (a paid
 * outcome recorded or deleted may reach or lift the cap, which takes a link out or puts it back).
 */
export function invalidateOwnOutcomeQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEYS.ownOutcomes }), invalidateOwnLinkQueries(queryClient)]).then(
    () => undefined,
  );
}

/** After a member's link changes: their list and the programs' link counts. */
export function invalidateOwnLinkQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.ownLinks }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.programs }),
  ]).then(() => undefined);
}
