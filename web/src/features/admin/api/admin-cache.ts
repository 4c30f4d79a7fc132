import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Query keys the admin changes touch; the programs list and the announcement are read by other screens too.
 * Users carry link counts and links carry owners, so every admin change refreshes all of them
 * (only the lists on screen refetch; the rest are marked stale).
 */
export const ADMIN_DATA_KEYS = {
  links: ["links"],
  programs: ["programs"],
  announcements: ["announcements"],
  users: ["users"],
  duplicateUsers: ["duplicate-users"],
} as const;

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
    await Promise.all(Object.values(ADMIN_DATA_KEYS).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient]);
}
