// POST /api/admin/merge-accounts – moves a duplicate's links and login tokens to the primary and deletes the duplicate (admin).
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { mergeAccountsResultSchema, type mergeAccountsRequestSchema } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData } from "./admin-cache";

export function mergeAccounts(body: z.output<typeof mergeAccountsRequestSchema>): Promise<z.output<typeof mergeAccountsResultSchema>> {
  return apiRequest("/api/admin/merge-accounts", { method: "POST", body, schema: mergeAccountsResultSchema });
}

export function useMergeAccounts() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "merge-accounts"], mutationFn: mergeAccounts, onSuccess: invalidate });
}
