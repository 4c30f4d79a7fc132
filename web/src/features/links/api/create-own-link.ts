// The dashboard's 'Submit New Link' dialog.
import { useQueryClient } from "@tanstack/react-query";
import type { CreateMemberLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { invalidateOwnLinkQueries, QUERY_KEYS } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";
import { isOfferEndedError } from "../utils/offer-ended";

export function createOwnLink(input: CreateMemberLinkRequest) {
  return callApi("submitOwnLink", { body: input });
}

export function useCreateOwnLink(toasts: ToastsFor<typeof createOwnLink>) {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: createOwnLink,
    onSuccess: () => invalidateOwnLinkQueries(queryClient),
    // The offer ended since the programs were read: read them again, so the picker shows it Ended.
    onError: (error) => (isOfferEndedError(error) ? queryClient.invalidateQueries({ queryKey: QUERY_KEYS.programs }) : undefined),
    ...toasts,
  });
}
