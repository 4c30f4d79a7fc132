import { NotFoundCard } from "@/components/not-found";

export default function NotFoundRoute() {
  return <NotFoundCard />;
}
