import { QueryClient, type DefaultOptions } from "@tanstack/react-query";

const MINUTE = 60_000;

/** Data stays fresh until a change refreshes it: no refetch on focus, no polling, no retries. */
export const queryDefaults = {
  queries: {
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/** Per-query freshness where a query needs one of its own. */
export const STALE_TIMES = {
  programs: 10 * MINUTE,
  ownLinks: 2 * MINUTE,
  duplicateUsers: 5 * MINUTE,
  /** Except the 24h range, which is always refetched (staleTime 0). */
  analytics: 2 * MINUTE,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
