import CssBaseline from "@mui/material/CssBaseline";
import GlobalStyles from "@mui/material/GlobalStyles";
import type { CSSObject } from "@emotion/react";
import { useMemo } from "react";
import { COLOR_SCHEME_ATTRIBUTE, theme } from "./theme";

/**
 * The id of the <style> element the build puts in every page's <head> (web/prerender-pages.ts) with
 * the page-wide CSS: the theme's colour variables for both schemes, the dark fallback below and MUI's
 * baseline. Built once from the theme (app/prerender.tsx), it is the same CSS the browser would
 * otherwise generate, serialise, hash and insert (and the page then restyle) on every load: on a
 * phone that was the largest part of the work after the first paint (issue 16). Where the page has
 * no such element (Vite's dev server), AppProviders renders AppGlobalStyles instead.
 */
export const GLOBAL_CSS_ELEMENT_ID = "hub-global-css";

/** Whether this page's HTML carries the page-wide CSS (false in Node, in the build's prerender). */
export function pageHasGlobalCss(): boolean {
  return typeof document !== "undefined" && document.getElementById(GLOBAL_CSS_ELEMENT_ID) !== null;
}

/**
 * The page-wide CSS beside the theme's variables (which the theme provider renders): the dark
 * fallback and MUI's baseline.
 */
export function AppGlobalStyles() {
  const fallback = useMemo(() => systemDarkFallback(), []);
  return (
    <>
      <GlobalStyles styles={fallback} />
      <CssBaseline />
    </>
  );
}

/**
 * The dark scheme's variables for a dark-system visitor before the app has set the attribute: on a
 * prerendered page (`/`, `/programs`) the HTML paints before any script runs, and the app's CSP
 * refuses the inline script MUI would put first in <head> (InitColorSchemeScript). The media query
 * needs no script, so the page never flashes light; once the attribute is there, MUI's own rules apply.
 */
function systemDarkFallback(): CSSObject {
  const selector = `[${COLOR_SCHEME_ATTRIBUTE}="dark"]`;
  const sheet = theme
    .generateStyleSheets()
    .find((styles): styles is Record<string, CSSObject> => typeof styles === "object" && selector in styles);
  if (!sheet?.[selector]) throw new Error(`The theme generated no rule for ${selector}`);
  return { "@media (prefers-color-scheme: dark)": { [`:root:not([${COLOR_SCHEME_ATTRIBUTE}])`]: sheet[selector] } };
}
