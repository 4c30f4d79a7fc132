// Approves pending users whose subscription is valid (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { useInvalidateAdminData } from "@/lib/query-keys";

export function autoApproveSubscribers() {
  return callApi("autoApproveSubscribers");
}

export function useAutoApproveSubscribers() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "auto-approve-subscribers"], mutationFn: autoApproveSubscribers, onSuccess: invalidate });
}
