import { SubscriptionRequired } from "@/features/auth/components/subscription-required";

export default function SubscriptionErrorRoute() {
  return <SubscriptionRequired />;
}
