import { useCallback, useState, type ReactNode } from "react";
import { hashKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signInWithCustomToken, signInWithEmailAndPassword, signOut, type User } from "firebase/auth";
import { useAuth as useFirebaseAuth, useUser } from "reactfire";
import type { LoginRequest } from "@hub/contract/auth";
import { MESSAGES } from "@hub/contract/errors";
import type { CurrentUser } from "@hub/contract/users";
import { STORAGE_KEYS, writeStorage } from "@/lib/browser-storage";
import { currentUserQueryKey, currentUserQueryOptions } from "../api/get-current-user";
import { exchangeLoginToken } from "../api/exchange-login-token";
import { requestLoginAsUser } from "../api/login-as-user";
import { logout } from "../api/logout";
import { requestReturnToAdmin } from "../api/return-to-admin";
import { toAuthError } from "../utils/auth-errors";
import { SessionContext, type Session } from "./session-context";

/**
 * Our session on top of Firebase Auth: who Firebase says is signed in, and what GET /api/user says
 * about them. Must sit inside reactfire's FirebaseAppProvider/AuthProvider and a QueryClientProvider.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const auth = useFirebaseAuth();
  const queryClient = useQueryClient();
  const firebaseUser = useUser();
  // True while one account hands over to another (impersonation): pages wait instead of showing
  // the old user's data to the new one, or 'Unauthorized' to an admin turning into a member.
  const [isSwitchingUser, setSwitchingUser] = useState(false);

  const authKnown = firebaseUser.status !== "loading";
  const uid = authKnown ? (firebaseUser.data?.uid ?? null) : null;
  const currentUser = useQuery(currentUserQueryOptions(uid));

  /** After a Firebase sign-in: loads that user's profile fresh, or undoes the sign-in if the API refuses. */
  const loadSignedInUser = useCallback(
    async (signedIn: User): Promise<CurrentUser> => {
      try {
        const user = await queryClient.query({ ...currentUserQueryOptions(signedIn.uid), staleTime: 0 });
        if (!user) throw new Error(`401: ${MESSAGES.unauthenticated}`);
        return user;
      } catch (error) {
        // A Firebase session the API does not accept (e.g. a blocked user) must not linger.
        await signOut(auth).catch(() => undefined);
        throw error;
      }
    },
    [auth, queryClient],
  );

  const loginMutation = useMutation<CurrentUser, Error, LoginRequest>({
    mutationFn: async ({ username, password }) => {
      const credential = await signInWithEmailAndPassword(auth, username, password).catch((error: unknown) => {
        throw toAuthError(error);
      });
      return loadSignedInUser(credential.user);
    },
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      // Ends the sessions on the server: the user's everywhere, or, for an admin acting as a member,
      // that impersonation only (the member's own devices stay signed in). Best effort: signing out
      // locally must work even offline.
      await logout().catch(() => undefined);
      await signOut(auth).catch((error: unknown) => {
        throw toAuthError(error);
      });
    },
    onSuccess: () => {
      writeStorage(STORAGE_KEYS.adminReturn, null);
      // Nothing cached for this user may be shown to the next one.
      queryClient.removeQueries();
    },
  });

  const signInWithToken = useCallback(
    async (loginToken: string): Promise<CurrentUser> => {
      const { customToken } = await exchangeLoginToken(loginToken);
      const credential = await signInWithCustomToken(auth, customToken).catch((error: unknown) => {
        throw toAuthError(error);
      });
      return loadSignedInUser(credential.user);
    },
    [auth, loadSignedInUser],
  );

  /** Signs in with a custom token for another account and drops everything cached for the previous one. */
  const switchTo = useCallback(
    async (customToken: string): Promise<CurrentUser> => {
      const credential = await signInWithCustomToken(auth, customToken).catch((error: unknown) => {
        throw toAuthError(error);
      });
      const user = await loadSignedInUser(credential.user);
      // Member links, admin lists and the previous current user were read with the other identity.
      const keep = hashKey(currentUserQueryKey(credential.user.uid));
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== keep });
      return user;
    },
    [auth, loadSignedInUser, queryClient],
  );

  const loginAsUser = useCallback(
    async (email: string): Promise<CurrentUser> => {
      // Asked first, as the admin: a refusal (unknown e-mail, an admin) leaves the admin where they are.
      const { customToken } = await requestLoginAsUser(email);
      setSwitchingUser(true);
      try {
        const user = await switchTo(customToken);
        writeStorage(STORAGE_KEYS.adminReturn, "true");
        return user;
      } finally {
        setSwitchingUser(false);
      }
    },
    [switchTo],
  );

  const returnToAdmin = useCallback(async (): Promise<CurrentUser> => {
    setSwitchingUser(true);
    try {
      const { customToken } = await requestReturnToAdmin();
      return await switchTo(customToken);
    } catch (error) {
      // Not impersonating after all, or the admin is gone: leave the member's session (locally only,
      // their other sessions stay) so that the admin can log in again.
      await signOut(auth).catch(() => undefined);
      queryClient.removeQueries();
      throw error;
    } finally {
      writeStorage(STORAGE_KEYS.adminReturn, null);
      setSwitchingUser(false);
    }
  }, [auth, queryClient, switchTo]);

  const user = uid ? (currentUser.data ?? null) : null;
  const isLoading = !authKnown || (uid !== null && currentUser.isPending);
  const error = firebaseUser.error ?? (uid ? currentUser.error : null);

  const session: Session = {
    user,
    isLoading,
    isSwitchingUser,
    error,
    loginMutation,
    logoutMutation,
    signInWithToken,
    loginAsUser,
    returnToAdmin,
  };

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
