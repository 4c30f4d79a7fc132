import { AnalyticsDashboard } from "@/features/analytics/components/analytics-dashboard";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import { usePageTitle } from "@/lib/use-page-title";

export default function AnalyticsRoute() {
  usePageTitle("Analytics Dashboard");
  return <RequireAdmin>{() => <AnalyticsPage />}</RequireAdmin>;
}

function AnalyticsPage() {
  return <AnalyticsDashboard />;
}
