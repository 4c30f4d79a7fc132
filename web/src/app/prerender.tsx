/**
 * The server's render of a page (in Node: the `pages` function, functions/src/pages, for `/` and
 * `/programs`): the HTML of the app's first render at an address, the same components as in the
 * browser, with the data the page shows (the community, the public programs), for everyone: a
 * visitor's variant (a browser with a session turns it into the member's once the app runs). The
 * page is on screen, complete, before its JavaScript has arrived, and the browser's React hydrates it
 * (main.tsx) from the same data (app/page-state.ts). Also the page-wide CSS, once, for the build
 * (web/prerender-pages.ts).
 */
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { StrictMode, type ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { ThemeProvider } from "@mui/material/styles";
import type { Community } from "@hub/contract/community";
import type { PublicProgram } from "@hub/contract/programs";
import { createQueryClient } from "@/lib/query-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { setPrerenderedPage } from "@/lib/use-hydrated";
import { ServerPageTitle } from "@/lib/use-page-title";
import AppGlobalStyles from "./global-styles";
import { pageStateScript } from "./page-state";
import { AppProviders } from "./providers";
import { AppRoutes, preloadServerRenderedPage } from "./router";
import { theme } from "./theme";

export { GLOBAL_CSS_ELEMENT_ID } from "./global-css";

/** What a page shows that comes from the API; a part left out renders as loading, and the browser asks for it. */
export interface PageData {
  community?: Community;
  publicPrograms?: PublicProgram[];
}

interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** For <head>: the CSS that markup uses, as one <style> element that emotion in the browser takes over. */
  styleTag: string;
  /** For <body>: the data the page was rendered with, for the browser's first render (app/page-state.ts). */
  stateScript: string;
  /** The page's title (usePageTitle), as HTML text. */
  title: string | undefined;
}

/** Where a page's template (written by web/prerender-pages.ts) takes each part of the render. */
export const PAGE_SLOTS = { head: "<!--hub-page-head-->", root: "<!--hub-page-root-->", state: "<!--hub-page-state-->" } as const;

/** The page at `url` rendered with `data`, in its template: the whole HTML document. */
export async function renderPageInto(template: string, url: string, data: PageData): Promise<string> {
  const { html, styleTag, stateScript, title } = await renderPage(url, data);
  return template
    .replace(/<title>[^<]*<\/title>/, (tag) => (title === undefined ? tag : `<title>${title}</title>`))
    .replace(PAGE_SLOTS.head, () => styleTag)
    .replace(PAGE_SLOTS.root, () => html)
    .replace(PAGE_SLOTS.state, () => stateScript);
}

async function renderPage(url: string, data: PageData): Promise<RenderedPage> {
  setPrerenderedPage(true);
  // The page's code first, as the browser does before hydrating: a part that suspends would come out
  // as its fallback plus an inline script to swap it in, which the Content-Security-Policy refuses.
  await preloadServerRenderedPage(url);
  const queryClient = createQueryClient();
  if (data.community) queryClient.setQueryData(QUERY_KEYS.community, data.community);
  if (data.publicPrograms) queryClient.setQueryData(QUERY_KEYS.publicPrograms, data.publicPrograms);
  let pageTitle: string | undefined;
  const { html, rules } = await renderWithStyles(
    <ServerPageTitle
      value={(title) => {
        pageTitle = title;
      }}
    >
      {inAppAt(url, queryClient, <AppRoutes />)}
    </ServerPageTitle>,
  );
  if (html.includes("<script")) throw new Error(`The render of ${url} suspended: its HTML needs an inline script`);
  // `data-emotion="css <names>"`: the browser's cache marks these names as inserted and skips them.
  const styleTag = `<style data-emotion="css ${rules.map(([name]) => name).join(" ")}">${rules.map(([, css]) => css).join("")}</style>`;
  const title = pageTitle === undefined ? undefined : escapeHtmlText(pageTitle);
  return { html, styleTag, stateScript: pageStateScript(dehydrate(queryClient)), title };
}

/** Text for HTML: the community's name is configuration, not markup. */
function escapeHtmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Rendered inside the app's providers and a router at `url`; the page-wide CSS is in the page already (prerenderGlobalCss). */
function inAppAt(url: string, queryClient: QueryClient, content: ReactNode): ReactNode {
  return (
    <AppProviders globalCssInPage queryClient={queryClient}>
      <StaticRouter location={url}>{content}</StaticRouter>
    </AppProviders>
  );
}

/**
 * The page-wide CSS every page carries in <head> (see GLOBAL_CSS_ELEMENT_ID): the theme's variables
 * for both schemes, the dark fallback and MUI's baseline, as the theme provider and
 * AppGlobalStyles render them. Plain CSS, not emotion's: the browser's emotion never touches it.
 */
export async function prerenderGlobalCss(): Promise<string> {
  const { rules } = await renderWithStyles(
    <ThemeProvider theme={theme}>
      <AppGlobalStyles />
    </ThemeProvider>,
  );
  return rules.map(([, css]) => css).join("");
}

async function renderWithStyles(app: ReactNode): Promise<{ html: string; rules: [string, string][] }> {
  // The browser's default cache has the key "css"; in compat mode emotion keeps the rules it
  // renders on the cache instead of writing <style> elements into the markup (which hydration would
  // trip over), so they can go in <head> as one element.
  const cache = createCache({ key: "css" });
  cache.compat = true;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>{app}</CacheProvider>
    </StrictMode>,
    // Never a part held back to stream later (React does so past about 12 KB: the cards' QR codes),
    // which needs an inline script to swap it in.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return { html, rules };
}
