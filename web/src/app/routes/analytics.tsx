import { AnalyticsDashboard } from "@/features/analytics/components/analytics-dashboard";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import { useLinks } from "@/features/links/api/get-links";
import { usePrograms } from "@/features/programs/api/get-programs";
import { usePageTitle } from "@/lib/use-page-title";

export default function AnalyticsRoute() {
  usePageTitle("Analytics Dashboard");
  return <RequireAdmin>{() => <AnalyticsPage />}</RequireAdmin>;
}

function AnalyticsPage() {
  return <AnalyticsDashboard programsQuery={usePrograms()} linksQuery={useLinks()} />;
}
