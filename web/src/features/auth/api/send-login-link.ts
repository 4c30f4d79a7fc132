// E-mails a member a login link.
import { useMutation } from "@tanstack/react-query";
import type { EmailLoginRequest } from "@hub/contract/auth";
import { callApi } from "@/lib/api-client";

export function sendLoginLink(input: EmailLoginRequest) {
  return callApi("sendLoginLink", { body: input });
}

export function useSendLoginLink() {
  return useMutation({ mutationFn: sendLoginLink });
}
