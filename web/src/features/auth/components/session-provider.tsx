import { startTransition, useCallback, useEffect, useState, type ReactNode } from "react";
import { hashKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "firebase/auth";
import type { LoginRequest, RegisterRequest } from "@hub/contract/auth";
import { MESSAGES } from "@hub/contract/texts";
import type { CurrentUser } from "@hub/contract/users";
import { readStorage, STORAGE_KEYS, writeStorage } from "@/lib/browser-storage";
import { clearHadSessionMark } from "@/lib/had-session-mark";
import { loadedFirebaseAuth, loadFirebaseAuth, mayHaveFirebaseSession, whenFirebaseAuthLoaded } from "@/lib/firebase";
import { useHydrated } from "@/lib/use-hydrated";
import { currentUserQueryKey, currentUserQueryOptions } from "../api/get-current-user";
import { exchangeLoginToken } from "../api/exchange-login-token";
import { requestLoginAsUser } from "../api/login-as-user";
import { logout } from "../api/logout";
import { registerFirstAdmin as requestRegistration } from "../api/register-first-admin";
import { requestReturnToAdmin } from "../api/return-to-admin";
import { toAuthError } from "../utils/auth-errors";
import { SessionContext, type Session } from "./session-context";

type FirebaseUserState = { status: "loading" } | { status: "known"; user: User | null } | { status: "error"; error: Error };

/**
 * Who Firebase says is signed in (every ID token change, as reactfire's useUser did), without
 * making the first page wait for Firebase Auth: it loads after the first paint, and only when this
 * browser may have a session (the session's own mark, or Firebase's stored state). A browser with
 * neither has nobody signed in, which is known at once; the SDK then loads only when something
 * needs it (a sign-in, an API call for a signed-in caller), and this subscribes as soon as it is there.
 */
function useFirebaseUser(hadSession: boolean | undefined): FirebaseUserState {
  const [state, setState] = useState<FirebaseUserState>({ status: "loading" });
  useEffect(() => {
    if (hadSession === undefined) return; // hydrating: this browser's storage is read next render
    let unsubscribe: (() => void) | undefined;
    let active = true;
    let frame: number | undefined;
    const fail = (error: unknown) => {
      if (active) setState({ status: "error", error: error instanceof Error ? error : new Error(String(error)) });
    };
    const loadAfterPaint = () => {
      frame = requestAnimationFrame(() => {
        setTimeout(() => void loadFirebaseAuth().catch(fail), 0);
      });
    };
    if (hadSession) loadAfterPaint();
    else {
      void mayHaveFirebaseSession().then((may) => {
        if (!active || loadedFirebaseAuth()) return;
        if (may) loadAfterPaint();
        // a visitor's variant replaces the loading one as a transition: in short slices, not one long task
        else
          startTransition(() => {
            setState((current) => (current.status === "loading" ? { status: "known", user: null } : current));
          });
      });
    }
    whenFirebaseAuthLoaded().then(({ auth, onIdTokenChanged }) => {
      if (!active) return;
      unsubscribe = onIdTokenChanged(
        auth,
        (user) => {
          writeStorage(STORAGE_KEYS.hadSession, user ? "true" : null);
          setState({ status: "known", user });
        },
        (error) => {
          setState({ status: "error", error });
        },
      );
    }, fail);
    return () => {
      active = false;
      if (frame !== undefined) cancelAnimationFrame(frame);
      unsubscribe?.();
    };
  }, [hadSession]);
  return state;
}

/** Signs in to Firebase with a custom token the hub minted; Firebase's failures in the app's words. */
async function signInWithHubToken(customToken: string): Promise<User> {
  const { auth, signInWithCustomToken } = await loadFirebaseAuth();
  const credential = await signInWithCustomToken(auth, customToken).catch((error: unknown) => {
    throw toAuthError(error);
  });
  return credential.user;
}

/**
 * Our session on top of Firebase Auth: who Firebase says is signed in, and what GET /api/user says
 * about them. Must sit inside a QueryClientProvider.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [storedHadSession] = useState(() => readStorage(STORAGE_KEYS.hadSession) === "true");
  // The server-rendered HTML of / and /programs is the same for everyone: a visitor's variant (what
  // most who open them are, and what shows their content without any script). Hydration renders the
  // same; the next render reads this browser's storage, and a browser that had a session waits for it.
  const hadSession = useHydrated() ? storedHadSession : undefined;
  const firebaseUser = useFirebaseUser(hadSession);
  // True while one account hands over to another (impersonation): pages wait instead of showing
  // the old user's data to the new one, or 'Unauthorized' to an admin turning into a member.
  const [isSwitchingUser, setSwitchingUser] = useState(false);

  const authKnown = firebaseUser.status !== "loading";
  const uid = firebaseUser.status === "known" ? (firebaseUser.user?.uid ?? null) : null;
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
        const { auth, signOut } = await loadFirebaseAuth();
        await signOut(auth).catch(() => undefined);
        throw error;
      }
    },
    [queryClient],
  );

  const loginMutation = useMutation<CurrentUser, Error, LoginRequest>({
    mutationFn: async ({ username, password }) => {
      const { auth, signInWithEmailAndPassword } = await loadFirebaseAuth();
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
      const { auth, signOut } = await loadFirebaseAuth();
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
      return loadSignedInUser(await signInWithHubToken(customToken));
    },
    [loadSignedInUser],
  );

  const registerFirstAdmin = useCallback(
    async (request: RegisterRequest): Promise<CurrentUser> => {
      const { customToken } = await requestRegistration(request);
      return loadSignedInUser(await signInWithHubToken(customToken));
    },
    [loadSignedInUser],
  );

  /** Signs in with a custom token for another account and drops everything cached for the previous one. */
  const switchTo = useCallback(
    async (customToken: string): Promise<CurrentUser> => {
      const signedIn = await signInWithHubToken(customToken);
      const user = await loadSignedInUser(signedIn);
      // Member links, admin lists and the previous current user were read with the other identity.
      const keep = hashKey(currentUserQueryKey(signedIn.uid));
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== keep });
      return user;
    },
    [loadSignedInUser, queryClient],
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
      const { auth, signOut } = await loadFirebaseAuth();
      await signOut(auth).catch(() => undefined);
      queryClient.removeQueries();
      throw error;
    } finally {
      writeStorage(STORAGE_KEYS.adminReturn, null);
      setSwitchingUser(false);
    }
  }, [queryClient, switchTo]);

  const user = uid ? (currentUser.data ?? null) : null;
  const isLoading = !authKnown || (uid !== null && currentUser.isPending);
  const error = firebaseUser.status === "error" ? firebaseUser.error : uid ? currentUser.error : null;
  // While loading: a sign-in is expected if Firebase named a user, or, before it has said, if this
  // browser had a session last time (unknown while hydrating a server-rendered page: a visitor then).
  const likelyVisitor = isLoading && (authKnown ? uid === null : hadSession !== true);
  // the server-rendered page's visitor parts, hidden in a browser that had a session, show from now on
  useEffect(() => {
    if (!isLoading) clearHadSessionMark();
  }, [isLoading]);

  const session: Session = {
    user,
    isLoading,
    likelyVisitor,
    isSwitchingUser,
    error,
    loginMutation,
    logoutMutation,
    signInWithToken,
    registerFirstAdmin,
    loginAsUser,
    returnToAdmin,
  };

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
