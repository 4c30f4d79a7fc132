import { PageSpinner } from "@/components/spinners";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { useAuth } from "@/features/auth/components/use-auth";
import { Landing } from "@/features/home/components/landing";

export default function HomeRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  return <Landing signedIn={user !== null} logoutAction={<LogoutButton size="large" fullWidth />} />;
}
