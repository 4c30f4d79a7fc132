import { NotFoundCard } from "@/components/not-found/index";
import { usePageTitle } from "@/lib/use-page-title";

export default function NotFoundRoute() {
  usePageTitle("Page Not Found");
  return <NotFoundCard />;
}
