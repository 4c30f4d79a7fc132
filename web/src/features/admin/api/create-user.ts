// POST /api/admin/create-user – an approved account for an e-mail, without the subscription check (admin).
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { createUserResponseSchema, type createUserRequestSchema } from "@hub/contract/users";
import { apiRequest } from "@/lib/api-client";
import { useInvalidateAdminData } from "./admin-cache";

export function createUser(body: z.output<typeof createUserRequestSchema>): Promise<z.output<typeof createUserResponseSchema>> {
  return apiRequest("/api/admin/create-user", { method: "POST", body, schema: createUserResponseSchema });
}

export function useCreateUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: ["admin", "create-user"], mutationFn: createUser, onSuccess: invalidate });
}
