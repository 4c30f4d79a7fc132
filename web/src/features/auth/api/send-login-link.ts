// E-mails a member a login link.
import type { EmailLoginRequest } from "@hub/contract/auth";
import { callApi } from "@/lib/api-client";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function sendLoginLink(input: EmailLoginRequest) {
  return callApi("sendLoginLink", { body: input });
}

export function useSendLoginLink(toasts: ToastsFor<typeof sendLoginLink>) {
  return useToastMutation({ mutationFn: sendLoginLink, ...toasts });
}
