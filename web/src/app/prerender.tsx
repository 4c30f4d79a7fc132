/**
 * The build's prerender (run by web/prerender-pages.ts, in Node, after `vite build --ssr`): the HTML
 * of the app's first render at an address, the same components as in the browser, for everyone
 * (visitor or member: the session shows as being restored) and without data (the pages show their
 * loading state; the browser fetches the data). The page is on screen before its JavaScript has
 * arrived, and the browser's React hydrates it (main.tsx).
 */
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { StrictMode, type ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { ThemeProvider } from "@mui/material/styles";
import AppGlobalStyles from "./global-styles";
import { styleProbeFor } from "./prerender-style-probes";
import { AppProviders } from "./providers";
import { setPrerenderedPage } from "@/lib/use-hydrated";
import { AppRoutes } from "./router";
import { theme } from "./theme";

export { GLOBAL_CSS_ELEMENT_ID } from "./global-css";

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The CSS that markup uses, as one <style> element that emotion in the browser takes over. */
  styleTag: string;
}

export async function prerenderPage(url: string): Promise<PrerenderedPage> {
  setPrerenderedPage(true);
  const { html, rules } = await renderWithStyles(inAppAt(url, <AppRoutes />));
  // And the rules of what the page turns into for a visitor a moment later (prerender-style-probes.tsx).
  // In <head> with the rest: parsed before the first paint they cost a phone less than anywhere
  // after it (Lighthouse weighs work after the first paint far more; a <template> the loader moved
  // into <head> cost a task of its own).
  const probe = styleProbeFor(url);
  if (probe) {
    const { rules: probeRules } = await renderWithStyles(inAppAt(url, probe));
    const names = new Set(rules.map(([name]) => name));
    rules.push(...probeRules.filter(([name]) => !names.has(name)));
  }
  // `data-emotion="css <names>"`: the browser's cache marks these names as inserted and skips them.
  const styleTag = `<style data-emotion="css ${rules.map(([name]) => name).join(" ")}">${rules.map(([, css]) => css).join("")}</style>`;
  return { html, styleTag };
}

/** Rendered inside the app's providers and a router at `url`; the page-wide CSS is in the page already (prerenderGlobalCss). */
function inAppAt(url: string, content: ReactNode): ReactNode {
  return (
    <AppProviders globalCssInPage>
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
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return { html, rules };
}
