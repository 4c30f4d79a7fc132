import { useDeferredValue, useMemo } from "react";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { useAuth } from "@/features/auth/components/use-auth";
import { Landing } from "@/features/home/components/landing";
import { useCommunity } from "@/lib/community";
import { usePageTitle } from "@/lib/use-page-title";

const LOGOUT_ACTION = <LogoutButton size="large" fullWidth />;

export default function HomeRoute() {
  usePageTitle(null);
  const { user, isLoading, likelyVisitor } = useAuth();
  const community = useCommunity();
  // An answer from the API renders at once and in one task (the query's updates are synchronous);
  // deferred, the page renders it as a transition, in short slices (Landing is memoised, so the
  // synchronous render stops here).
  const communityState = useDeferredValue(community.isPending ? "loading" : community.data);
  const email = user?.email;
  const isAdmin = user?.isAdmin;
  const userState = useMemo(
    () =>
      // A visitor gets the e-mail box at once, before Firebase Auth has loaded; only a browser that
      // had a session waits for it (the heading shows meanwhile).
      isLoading && !likelyVisitor ? "loading" : email !== undefined && isAdmin !== undefined ? { email, isAdmin } : null,
    [isLoading, likelyVisitor, email, isAdmin],
  );
  return (
    <Landing
      // the e-mail box works without the community's details: the page does not wait for them
      community={communityState}
      user={userState}
      logoutAction={LOGOUT_ACTION}
    />
  );
}
