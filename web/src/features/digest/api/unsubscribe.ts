// The digest's signed unsubscribe link: works signed out, the token is the only credential.
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";

export function unsubscribe(token: string) {
  return callApi("unsubscribe", { body: { token } });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
