// The /submit form (a member only for their own e-mail).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { invalidateMemberLinkQueries, QUERY_KEYS } from "@/lib/query-keys";

export function createLink(input: CreateLinkRequest) {
  return callApi("submitLink", { body: input });
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () =>
      Promise.all([
        invalidateMemberLinkQueries(queryClient),
        // An admin who submits lands on /admin: its link list (["links"]) must show the new one.
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.links }),
      ]),
  });
}
