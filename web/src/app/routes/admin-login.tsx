import { AdminLoginPage } from "@/features/auth/components/admin-login-page";

export default function AdminLoginRoute() {
  return <AdminLoginPage />;
}
