// Makes a proposed program visible to users (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export async function approveProgram({ id }: { id: string }): Promise<void> {
  await callApi("approveProgram", { params: { id } });
}

export function useApproveProgram() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: approveProgram, onSuccess: invalidate });
}
