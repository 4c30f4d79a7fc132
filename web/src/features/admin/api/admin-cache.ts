import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/** Query keys the admin changes touch; the programs list and the announcement are read by other screens too. */
export const ADMIN_DATA_KEYS = {
  links: ["links"],
  programs: ["programs"],
  announcements: ["announcements"],
} as const;

/** Mutations that act on one link share this key, so the list can tell which rows are busy. */
export const linkActionMutationKey = ["admin", "link-action"] as const;
/** Mutations that act on one program. */
export const programActionMutationKey = ["admin", "program-action"] as const;

/** Refreshes the links, programs and announcement after a successful change (counts and names cross over). */
export function useInvalidateAdminData(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(Object.values(ADMIN_DATA_KEYS).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient]);
}

export function linkPath(id: string, action?: string): string {
  const base = `/api/links/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

export function programPath(id: string, action?: string): string {
  const base = `/api/programs/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}
