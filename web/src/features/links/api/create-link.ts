// The /submit form (a member only for their own e-mail).
import { useQueryClient } from "@tanstack/react-query";
import type { CreateLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { invalidateOwnLinkQueries, QUERY_KEYS } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function createLink(input: CreateLinkRequest) {
  return callApi("submitLink", { body: input });
}

export function useCreateLink(toasts: ToastsFor<typeof createLink>) {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: createLink,
    onSuccess: () =>
      Promise.all([
        invalidateOwnLinkQueries(queryClient),
        // An admin who submits lands on /admin: its link list (["links"]) must show the new one.
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.links }),
      ]),
    ...toasts,
  });
}
