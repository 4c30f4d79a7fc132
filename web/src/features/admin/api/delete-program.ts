// DELETE /api/programs/{id} – deletes a program with its links and their clicks (admin). 204.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { programActionMutationKey, programPath, useInvalidateAdminData } from "./admin-cache";

export async function deleteProgram({ id }: { id: string }): Promise<void> {
  await apiRequest(programPath(id), { method: "DELETE" });
}

export function useDeleteProgram() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: deleteProgram, onSuccess: invalidate });
}
