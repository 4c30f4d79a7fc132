import { PageSpinner } from "@/components/spinners";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { useAuth } from "@/features/auth/components/use-auth";
import { Landing } from "@/features/home/components/landing";
import { useCommunity } from "@/lib/community";
import { usePageTitle } from "@/lib/use-page-title";

export default function HomeRoute() {
  usePageTitle(null);
  const { user, isLoading } = useAuth();
  const community = useCommunity();
  if (isLoading || community.isPending) return <PageSpinner />;
  return (
    <Landing
      // without the community's details the page still signs people in; only 'Join membership' is left out
      community={community.data}
      user={user ? { email: user.email, isAdmin: user.isAdmin } : null}
      logoutAction={<LogoutButton size="large" fullWidth />}
    />
  );
}
