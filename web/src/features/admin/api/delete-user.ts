// DELETE /api/users/{username} – removes the user with their links, clicks, login tokens and sign-in (admin).
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData, userActionMutationKey, userPath } from "./admin-cache";

export async function deleteUser({ username }: { username: string }): Promise<void> {
  await apiRequest(userPath(username), { method: "DELETE" });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: userActionMutationKey, mutationFn: deleteUser, onSuccess: invalidate });
}
