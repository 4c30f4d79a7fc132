import { useCallback, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signInWithCustomToken, signInWithEmailAndPassword, signOut, type User } from "firebase/auth";
import { useAuth as useFirebaseAuth, useUser } from "reactfire";
import type { LoginRequest } from "@contract/auth";
import { MESSAGES } from "@contract/errors";
import type { CurrentUser } from "@contract/users";
import { STORAGE_KEYS, writeStorage } from "@/lib/browser-storage";
import { currentUserQueryOptions } from "../api/get-current-user";
import { exchangeLoginToken } from "../api/exchange-login-token";
import { logout } from "../api/logout";
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
      // Revoking the refresh tokens is best effort: signing out locally must work even offline.
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

  const user = uid ? (currentUser.data ?? null) : null;
  const isLoading = !authKnown || (uid !== null && currentUser.isPending);
  const error = firebaseUser.error ?? (uid ? currentUser.error : null);

  const session: Session = { user, isLoading, error, loginMutation, logoutMutation, signInWithToken };

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
