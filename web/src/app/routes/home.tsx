import { PageSpinner } from "@/components/spinners/index";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { useAuth } from "@/features/auth/components/use-auth";
import { Landing } from "@/features/home/components/landing";
import { useCommunity } from "@/lib/community";
import { usePageTitle } from "@/lib/use-page-title";

export default function HomeRoute() {
  usePageTitle(null);
  const { user, isLoading } = useAuth();
  const community = useCommunity();
  if (isLoading) return <PageSpinner />;
  return (
    <Landing
      // the e-mail box works without the community's details: the page does not wait for them
      community={community.isPending ? "loading" : community.data}
      user={user ? { email: user.email, isAdmin: user.isAdmin } : null}
      logoutAction={<LogoutButton size="large" fullWidth />}
    />
  );
}
