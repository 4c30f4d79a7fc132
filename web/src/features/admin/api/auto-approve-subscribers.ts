// POST /api/admin/auto-approve-subscribers – approves pending users whose subscription is valid (admin).
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { autoApproveResultSchema } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData } from "./admin-cache";

export function autoApproveSubscribers(): Promise<z.output<typeof autoApproveResultSchema>> {
  return apiRequest("/api/admin/auto-approve-subscribers", { method: "POST", schema: autoApproveResultSchema });
}

export function useAutoApproveSubscribers() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "auto-approve-subscribers"], mutationFn: autoApproveSubscribers, onSuccess: invalidate });
}
