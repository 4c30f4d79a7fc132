import { UnsubscribePage } from "@/features/digest/components/unsubscribe-page";
import { usePageTitle } from "@/lib/use-page-title";

export default function UnsubscribeRoute() {
  usePageTitle("Unsubscribe");
  return <UnsubscribePage />;
}
