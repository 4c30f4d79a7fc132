// POST /api/users/{username}/block – pauses all of the user's links and signs them out everywhere (admin).
import { useMutation } from "@tanstack/react-query";
import { adminUserSchema, type AdminUser } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey, userPath } from "./admin-cache";

export function blockUser({ username }: { username: string }): Promise<AdminUser> {
  return apiRequest(userPath(username, "block"), { method: "POST", schema: adminUserSchema });
}

export function useBlockUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: blockUser, onSuccess: invalidate });
}
