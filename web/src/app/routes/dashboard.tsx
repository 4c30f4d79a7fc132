import type { CurrentUser } from "@hub/contract/users";
import { OwnLinkStatsSection } from "@/features/analytics/components/own-link-stats-section";
import { ActiveAnnouncement } from "@/features/announcements/components/active-announcement";
import { DigestSetting } from "@/features/digest/components/digest-setting";
import { BackToAdminButton } from "@/features/auth/components/back-to-admin-button";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { RequireSession } from "@/features/auth/components/require-session";
import { MemberDashboard } from "@/features/links/components/member-dashboard";
import { usePrograms } from "@/features/programs/api/get-programs";
import { OwnTier } from "@/features/tiers/components/own-tier";
import { usePageTitle } from "@/lib/use-page-title";

export default function DashboardRoute() {
  usePageTitle("My Referral Links");
  return <RequireSession redirectTo="/email-login">{(user) => <Dashboard user={user} />}</RequireSession>;
}

// Composes the features: member links, with programs for its picker, the announcement, the links' fair share and the member's tier.
function Dashboard({ user }: { user: CurrentUser }) {
  const programs = usePrograms();
  return (
    <MemberDashboard
      user={user}
      logoutAction={<LogoutButton />}
      adminReturnAction={<BackToAdminButton />}
      announcement={<ActiveAnnouncement />}
      programs={{ programs: programs.data, isLoading: programs.isPending, error: programs.error }}
      linkStats={<OwnLinkStatsSection />}
      // the weekly digest goes to approved members only: no switch for one who cannot receive it
      settings={user.approved ? <DigestSetting /> : null}
      tier={<OwnTier />}
    />
  );
}
