import { NotFoundCard } from "@/components/not-found";
import { usePageTitle } from "@/lib/use-page-title";

export default function NotFoundRoute() {
  usePageTitle("Page Not Found");
  return <NotFoundCard />;
}
