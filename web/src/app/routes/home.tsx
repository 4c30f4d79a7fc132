import { LogoutButton } from "@/features/auth/components/logout-button";
import { useAuth } from "@/features/auth/components/use-auth";
import { Landing } from "@/features/home/components/landing";
import { useCommunity } from "@/lib/community";
import { usePageTitle } from "@/lib/use-page-title";

export default function HomeRoute() {
  usePageTitle(null);
  const { user, isLoading, likelyVisitor } = useAuth();
  const community = useCommunity();
  return (
    <Landing
      // the e-mail box works without the community's details: the page does not wait for them
      community={community.isPending ? "loading" : community.data}
      // A visitor gets the e-mail box at once, before Firebase Auth has loaded; only a browser that
      // had a session waits for it (the heading shows meanwhile).
      user={isLoading && !likelyVisitor ? "loading" : user ? { email: user.email, isAdmin: user.isAdmin } : null}
      logoutAction={<LogoutButton size="large" fullWidth />}
    />
  );
}
