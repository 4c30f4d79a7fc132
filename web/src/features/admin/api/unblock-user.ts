// POST /api/users/{username}/unblock – unpauses the links the block paused (admin).
import { useMutation } from "@tanstack/react-query";
import { adminUserSchema, type AdminUser } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey, userPath } from "./admin-cache";

export function unblockUser({ username }: { username: string }): Promise<AdminUser> {
  return apiRequest(userPath(username, "unblock"), { method: "POST", schema: adminUserSchema });
}

export function useUnblockUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: unblockUser, onSuccess: invalidate });
}
