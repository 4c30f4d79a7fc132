import { createContext } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { LoginRequest, RegisterRequest } from "@hub/contract/auth";
import type { CurrentUser } from "@hub/contract/users";

export interface Session {
  /** The GET /api/user answer, or null when nobody is signed in. */
  user: CurrentUser | null;
  /** True while Firebase has not said who is signed in, or while the current user is loading. */
  isLoading: boolean;
  /**
   * True while the session loads with no sign-in expected: Firebase said nobody is signed in, or has
   * not said yet (it loads after the first paint) and this browser had no session last time. A page
   * may then show its visitor's variant at once instead of waiting.
   */
  likelyVisitor: boolean;
  /** True while 'Log in as user' or 'Back to Admin' hands the session from one account to another. */
  isSwitchingUser: boolean;
  error: Error | null;
  /** Admin login: Firebase e-mail/password sign-in, then the current user. */
  loginMutation: UseMutationResult<CurrentUser, Error, LoginRequest>;
  /** Server logout (best effort), Firebase sign-out, cached data cleared. */
  logoutMutation: UseMutationResult<void, Error, void>;
  /** The first admin (POST /api/register): signs them in and returns the user; rejects with the server's refusal. */
  registerFirstAdmin: (request: RegisterRequest) => Promise<CurrentUser>;
  /** Member login: exchanges a login-link token for a session and returns the user. */
  signInWithToken: (loginToken: string) => Promise<CurrentUser>;
  /**
   * Admin impersonation ('Log in as user', 'Dev User'): signs in as that user, sets the browser's
   * admin-return flag and returns the user. Rejects, with the admin still signed in, when the server refuses.
   */
  loginAsUser: (email: string) => Promise<CurrentUser>;
  /**
   * 'Back to Admin': signs the impersonating admin back in and clears the flag. On failure the flag is
   * cleared and the member's session is left (signed out locally), so the admin can log in again.
   */
  returnToAdmin: () => Promise<CurrentUser>;
}

export const SessionContext = createContext<Session | null>(null);
