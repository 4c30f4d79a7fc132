// POST /api/programs/{id}/approve – makes a proposed program visible to users (admin).
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { programActionMutationKey, programPath, useInvalidateAdminData } from "./admin-cache";

export async function approveProgram({ id }: { id: string }): Promise<void> {
  await apiRequest(programPath(id, "approve"), { method: "POST" });
}

export function useApproveProgram() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: programActionMutationKey, mutationFn: approveProgram, onSuccess: invalidate });
}
