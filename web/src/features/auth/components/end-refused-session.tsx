import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { failureToast, useToast } from "@/components/toasts/index";
import { navigateNow } from "@/lib/navigate-now";
import { sessionRefusalOf } from "../utils/session-refusal";
import { useAuth } from "./use-auth";

/**
 * A member blocked, or whose subscription lapsed, while signed in: their next call, whichever it is,
 * answers 403 BLOCKED or NO_ACTIVE_SUBSCRIPTION. This signs them out and says why (the subscription
 * page, or the blocked message) instead of leaving a page of load errors, or, once the token is
 * refused, the sign-in page without a word. Renders nothing; must sit inside the router.
 */
export function EndRefusedSession() {
  const queryClient = useQueryClient();
  const { loginMutation, logoutMutation } = useAuth();
  const { mutateAsync: logOut } = logoutMutation;
  const navigate = useNavigate();
  const { toast } = useToast();
  const ending = useRef(false);
  // A password login the API refuses is undone and toasted by the login page itself.
  const loggingIn = useRef(false);
  useEffect(() => {
    loggingIn.current = loginMutation.isPending;
  }, [loginMutation.isPending]);

  useEffect(() => {
    const onError = (error: unknown) => {
      const refusal = sessionRefusalOf(error);
      if (!refusal || ending.current || loggingIn.current) return;
      ending.current = true;
      // Leave first: once signed out, a member page's own guard would send them to the login page
      // instead. The landing page is where a member signs in; it does not send a session onwards.
      navigateNow(navigate, refusal === "BLOCKED" ? "/" : "/subscription-error");
      if (refusal === "BLOCKED") toast(failureToast("Signed out", error));
      void logOut()
        .catch(() => undefined)
        .finally(() => {
          ending.current = false;
        });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, logOut, navigate, toast]);

  return null;
}
