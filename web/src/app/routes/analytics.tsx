import { AnalyticsDashboard } from "@/features/analytics/components/analytics-dashboard";
import { RequireAdmin } from "@/features/auth/components/require-admin";

export default function AnalyticsRoute() {
  return <RequireAdmin>{() => <AnalyticsDashboard />}</RequireAdmin>;
}
