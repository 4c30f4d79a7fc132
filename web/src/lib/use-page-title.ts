import { createContext, useContext, useEffect } from "react";
import { useCommunity } from "./community";
import { pageTitle } from "./page-title";

/**
 * Given by the server's render of a page (app/prerender.tsx): usePageTitle leaves the page's title
 * here, for the page's <title>. The browser has none: it sets document.title.
 */
export const ServerPageTitle = createContext<((title: string) => void) | null>(null);

/** Names the browser tab after the page, so tabs, history and bookmarks say where they lead. */
export function usePageTitle(page: string | null): void {
  const { data: community } = useCommunity();
  const title = pageTitle(page, community?.name);
  useContext(ServerPageTitle)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
