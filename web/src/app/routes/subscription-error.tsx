import { SubscriptionRequired } from "@/features/auth/components/subscription-required";
import { usePageTitle } from "@/lib/use-page-title";

export default function SubscriptionErrorRoute() {
  usePageTitle("Subscription Required");
  return <SubscriptionRequired />;
}
