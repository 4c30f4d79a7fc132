// The /submit form (a member only for their own e-mail).
import { useQueryClient } from "@tanstack/react-query";
import type { CreateLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { invalidateOwnLinkQueries, QUERY_KEYS } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";
import { isOfferEndedError } from "../utils/offer-ended";

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
    // The offer ended since the programs were read: read them again, so the picker shows it Ended.
    onError: (error) => (isOfferEndedError(error) ? queryClient.invalidateQueries({ queryKey: QUERY_KEYS.programs }) : undefined),
    ...toasts,
  });
}
