// The member's own links (dead first, then pending, then newest).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { STALE_TIMES } from "@/lib/query-client";
import { sortMemberLinks } from "../utils/sort-member-links";
import { QUERY_KEYS } from "@/lib/query-keys";

export function userLinksQueryOptions() {
  return queryOptions({
    queryKey: QUERY_KEYS.userLinks,
    queryFn: () => callApi("listOwnLinks"),
    staleTime: STALE_TIMES.userLinks,
    // The server already orders them; sorting again keeps the spec's order whatever it sends.
    select: sortMemberLinks,
  });
}

export function useUserLinks() {
  return useQuery(userLinksQueryOptions());
}
