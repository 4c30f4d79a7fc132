import { AdminLoginPage } from "@/features/auth/components/admin-login-page";
import { usePageTitle } from "@/lib/use-page-title";

export default function AdminLoginRoute() {
  usePageTitle("Admin Login");
  return <AdminLoginPage />;
}
