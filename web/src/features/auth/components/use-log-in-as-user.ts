import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { navigateNow } from "@/lib/navigate-now";
import { useAuth } from "./use-auth";

/**
 * 'Log in as user' for the admin dashboard: signs in as the member and opens their dashboard.
 * Rejects (the admin still signed in and on the page) when the server refuses.
 */
export function useLogInAsUser(): (email: string) => Promise<void> {
  const { loginAsUser } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (email: string) => {
      await loginAsUser(email);
      // now, not in a transition: render the member's dashboard before the admin page can render for a non-admin.
      navigateNow(navigate, "/dashboard");
    },
    [loginAsUser, navigate],
  );
}
