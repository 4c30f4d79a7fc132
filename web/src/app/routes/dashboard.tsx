import { LogoutButton } from "@/features/auth/components/logout-button";
import { RequireSession } from "@/features/auth/components/require-session";
import { MemberDashboard } from "@/features/dashboard/components/member-dashboard";

export default function DashboardRoute() {
  return (
    <RequireSession redirectTo="/email-login">
      {(user) => <MemberDashboard user={user} logoutAction={<LogoutButton />} />}
    </RequireSession>
  );
}
