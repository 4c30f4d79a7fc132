import { useEffect } from "react";
import { useCommunity } from "./community";
import { pageTitle } from "./page-title";

/** Names the browser tab after the page, so tabs, history and bookmarks say where they lead. */
export function usePageTitle(page: string | null): void {
  const { data: community } = useCommunity();
  const title = pageTitle(page, community?.name);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
