// Open to everyone: approved programs shared on the site, by name, public fields only.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { readPublic } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function publicProgramsQueryOptions() {
  return queryOptions({
    queryKey: QUERY_KEYS.publicPrograms,
    queryFn: () => readPublic("listPublicPrograms"),
    // the server lets browsers keep it for a minute; asking sooner would only get the same answer
    staleTime: 60_000,
  });
}

export function usePublicPrograms() {
  return useQuery(publicProgramsQueryOptions());
}
