import { AdminDashboard } from "@/features/admin/components/admin-dashboard";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { RequireAdmin } from "@/features/auth/components/require-admin";

export default function AdminRoute() {
  return <RequireAdmin>{(admin) => <AdminDashboard email={admin.email} logoutAction={<LogoutButton />} />}</RequireAdmin>;
}
