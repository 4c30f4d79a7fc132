// PATCH /api/users/{username} – name, notes, a new e-mail and the payment IDs (null clears one) (admin).
import { useMutation } from "@tanstack/react-query";
import { adminUserSchema, type AdminUser, type UpdateUserRequest } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey, userPath } from "./admin-cache";

export function updateUser({ username, ...body }: { username: string } & UpdateUserRequest): Promise<AdminUser> {
  return apiRequest(userPath(username), { method: "PATCH", body, schema: adminUserSchema });
}

/** A new e-mail also changes the e-mail on the user's links, so the links refresh too. */
export function useUpdateUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: updateUser, onSuccess: invalidate });
}
