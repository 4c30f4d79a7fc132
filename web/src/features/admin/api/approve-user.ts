// POST /api/users/{username}/approve – lets a pending member in (admin).
import { useMutation } from "@tanstack/react-query";
import { adminUserSchema, type AdminUser } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey, userPath } from "./admin-cache";

export function approveUser({ username }: { username: string }): Promise<AdminUser> {
  return apiRequest(userPath(username, "approve"), { method: "POST", schema: adminUserSchema });
}

export function useApproveUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: approveUser, onSuccess: invalidate });
}
