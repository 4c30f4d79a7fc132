// @ts-check
/*
 * Loaded by the prerendered pages (/ and /programs, see web/prerender-pages.ts) instead of the app's
 * entry: their HTML can be painted as it is, so the page is painted first, and only then does the
 * app's JavaScript load and take it over. Otherwise a phone that already has the scripts (or gets
 * them quickly) runs them, and hydrates, before it shows anything. The app's entry and the page's
 * route chunks are named by this script element's data attributes (hashed file names of the build).
 */
const script = /** @type {HTMLScriptElement} */ (document.querySelector("script[data-app-entry]"));
const entry = script.dataset.appEntry ?? "";
const routeChunks = (script.dataset.routeChunks ?? "").split(" ").filter(Boolean);

requestAnimationFrame(() => {
  // the frame being drawn is the page's first: what follows waits for the next task
  setTimeout(() => {
    for (const href of routeChunks) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    void import(entry);
  }, 0);
});
