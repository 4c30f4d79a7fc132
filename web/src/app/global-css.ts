/**
 * The id of the <style> element the build puts in every page's <head> (web/prerender-pages.ts) with
 * the page-wide CSS: the theme's colour variables for both schemes, the dark fallback below, MUI's
 * baseline and the visitor island's look (app/visitor-island-styles.ts). Built once from the theme (app/prerender.tsx), it is the same CSS the browser would
 * otherwise generate, serialise, hash and insert (and the page then restyle) on every load: on a
 * phone that was the largest part of the work after the first paint (issue 16). Where the page has
 * no such element (Vite's dev server), AppProviders renders AppGlobalStyles instead.
 */
export const GLOBAL_CSS_ELEMENT_ID = "hub-global-css";

/** Whether this page's HTML carries the page-wide CSS (false in Node, in the build's prerender). */
export function pageHasGlobalCss(): boolean {
  return typeof document !== "undefined" && document.getElementById(GLOBAL_CSS_ELEMENT_ID) !== null;
}
