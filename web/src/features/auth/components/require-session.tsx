import { useEffect, useRef, type ReactNode } from "react";
import { Navigate } from "react-router-dom";
import type { CurrentUser } from "@hub/contract/users";
import { PageSpinner } from "@/components/spinners/index";
import { useToast, type ToastInput } from "@/components/toasts/index";
import { useAuth } from "./use-auth";

interface RequireSessionProps {
  /** Where to send someone without a session. */
  redirectTo: string;
  /** A toast to explain the redirect. */
  missingSessionToast?: ToastInput;
  children: (user: CurrentUser) => ReactNode;
}

/** Renders its children with the signed-in user; a spinner while the session loads; else redirects. */
export function RequireSession({ redirectTo, missingSessionToast, children }: RequireSessionProps) {
  const { user, isLoading, isSwitchingUser, logoutMutation } = useAuth();

  // During a logout the user is gone before the logout finishes and moves on: wait for it.
  // While the session passes to another account (impersonation), neither account's page is shown.
  if (isLoading || isSwitchingUser || (!user && logoutMutation.isPending)) return <PageSpinner />;
  if (!user) return <RedirectWithToast to={redirectTo} toast={missingSessionToast} />;
  return <>{children(user)}</>;
}

function RedirectWithToast({ to, toast: message }: { to: string; toast: ToastInput | undefined }) {
  const { toast } = useToast();
  const shown = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development: one toast is enough.
    if (!message || shown.current) return;
    shown.current = true;
    toast(message);
  }, [message, toast]);

  return <Navigate to={to} replace />;
}
