// Deletes a program with its links and their clicks (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { programActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function deleteProgram({ id }: { id: string }): Promise<void> {
  return callApi("deleteProgram", { params: { id } });
}

export function useDeleteProgram() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: deleteProgram, onSuccess: invalidate });
}
