import type { QueryClient } from "@tanstack/react-query";
import { userLinksQueryKey } from "./get-user-links";

// Programs carry link counts, so a link change makes them stale too. The key is the programs
// feature's (["programs"]); it is repeated here because features do not import each other.
const programsQueryKey = ["programs"] as const;

/** After a member's link changes: their list and the programs' counts. */
export function invalidateLinkQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userLinksQueryKey }),
    queryClient.invalidateQueries({ queryKey: programsQueryKey }),
  ]).then(() => undefined);
}
