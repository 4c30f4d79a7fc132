// POST /api/auth/email – e-mails a member a login link.
import { useMutation } from "@tanstack/react-query";
import { emailLoginResponseSchema, type EmailLoginRequest, type EmailLoginResponse } from "@hub/contract/auth";
import { apiRequest } from "@/lib/api-client";

export function sendLoginLink(input: EmailLoginRequest): Promise<EmailLoginResponse> {
  return apiRequest("/api/auth/email", { method: "POST", body: input, schema: emailLoginResponseSchema });
}

export function useSendLoginLink() {
  return useMutation({ mutationFn: sendLoginLink });
}
