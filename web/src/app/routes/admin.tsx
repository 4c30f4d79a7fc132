import type { CurrentUser } from "@hub/contract/users";
import { AdminDashboard } from "@/app/routes/admin-dashboard";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import { useLogInAsUser } from "@/features/auth/components/use-log-in-as-user";
import { usePageTitle } from "@/lib/use-page-title";

export default function AdminRoute() {
  usePageTitle("Admin Dashboard");
  return <RequireAdmin>{(admin) => <Admin admin={admin} />}</RequireAdmin>;
}

// Composes the features: the admin dashboard, with logout and impersonation from the auth feature.
function Admin({ admin }: { admin: CurrentUser }) {
  const logInAsUser = useLogInAsUser();
  return <AdminDashboard email={admin.email} logoutAction={<LogoutButton />} onLogInAsUser={logInAsUser} />;
}
