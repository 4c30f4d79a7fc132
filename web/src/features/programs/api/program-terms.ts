// What the terms watch kept of a program's terms page, and the admin's review of its latest version.
import { useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, QUERY_KEYS, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function useProgramTerms(id: string) {
  return useQuery({
    queryKey: [...QUERY_KEYS.programTerms, id],
    queryFn: () => callApi("getProgramTerms", { params: { id } }),
  });
}

export async function reviewProgramTerms({ id, version }: { id: string; version: number }): Promise<void> {
  await callApi("reviewProgramTerms", { params: { id }, body: { version } });
}

export function useReviewProgramTerms(toasts: ToastsFor<typeof reviewProgramTerms>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: programActionMutationKey, mutationFn: reviewProgramTerms, onSuccess: invalidate, ...toasts });
}
