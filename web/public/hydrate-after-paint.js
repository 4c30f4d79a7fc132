// Loads the app after the prerendered page's first paint (why: web/prerender-pages.ts). Short: every phone downloads it.
const { appEntry = "", routeChunks = "" } = /** @type {HTMLElement} */ (document.querySelector("script[data-app-entry]")).dataset;
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const href of routeChunks.split(" ")) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
    void import(appEntry);
  }),
);
