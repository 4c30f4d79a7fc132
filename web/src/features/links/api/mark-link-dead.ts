// Marks a link dead; the owner gets an e-mail with the optional note (admin).
import { markDeadRequestSchema } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export interface MarkLinkDeadInput {
  id: string;
  note?: string | undefined;
}

export function markLinkDead({ id, note }: MarkLinkDeadInput) {
  const body = markDeadRequestSchema.parse(note?.trim() ? { note } : {});
  return callApi("markLinkDead", { params: { id }, body });
}

export function useMarkLinkDead(toasts: ToastsFor<typeof markLinkDead>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: linkActionMutationKey, mutationFn: markLinkDead, onSuccess: invalidate, ...toasts });
}
