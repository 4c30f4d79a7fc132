// What a link mutation does after success, by who made it.
import { useQueryClient } from "@tanstack/react-query";
import { invalidateOwnLinkQueries, linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type MutationToasts } from "@/components/toasts/index";
import type { LinkAudience } from "../utils/link-audience";

/**
 * An admin's call shares the busy-row key and refreshes every admin list; a member's refreshes their
 * own links and the programs' counts.
 */
export function useLinkMutation<TData, TVariables>(
  audience: LinkAudience,
  calls: Record<LinkAudience, (variables: TVariables) => Promise<TData>>,
  toasts: MutationToasts<TData, TVariables>,
) {
  const invalidateAdminData = useInvalidateAdminData();
  const queryClient = useQueryClient();
  return useToastMutation(
    audience === "admin"
      ? { mutationKey: linkActionMutationKey, mutationFn: calls.admin, onSuccess: invalidateAdminData, ...toasts }
      : { mutationFn: calls.own, onSuccess: () => invalidateOwnLinkQueries(queryClient), ...toasts },
  );
}
