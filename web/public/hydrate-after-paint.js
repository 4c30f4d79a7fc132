// Loads the app after the prerendered page's first paint (why: web/prerender-pages.ts). Short: every phone downloads it.
// First, a theme chosen with the app's toggle (src/app/theme.ts; the system's theme needs no script): set now, not at hydration.
try {
  const mode = localStorage.getItem("hub-color-mode");
  if (mode === "light" || mode === "dark") document.documentElement.setAttribute("data-hub-theme", mode);
} catch {
  // storage refused: the page follows the system's theme until the app runs
}
const { appEntry = "", routeChunks = "" } = /** @type {HTMLElement} */ (document.querySelector("script[data-app-entry]")).dataset;
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const href of routeChunks.split(" ")) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
    void import(appEntry);
  }),
);
