// Loads the app after the prerendered page's first paint (why: web/prerender-pages.ts). Short: every phone downloads it.
// First, a theme chosen with the app's toggle (src/app/theme.ts; the system's theme needs no script): set now, not at hydration.
try {
  const mode = localStorage.getItem("hub-color-mode");
  if (mode === "light" || mode === "dark") document.documentElement.setAttribute("data-hub-theme", mode);
} catch {
  // storage refused: the page follows the system's theme until the app runs
}
const { appEntry = "", appChunks = "", routeChunks = "" } = /** @type {HTMLElement} */ (document.querySelector("script[data-app-entry]")).dataset;
const chunks = appChunks.split(" ").filter(Boolean);
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
let started = false;
async function loadApp() {
  if (started) return;
  started = true;
  for (const href of [...chunks, appEntry, ...routeChunks.split(" ").filter(Boolean)]) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
  }
  // The entry's chunks are evaluated one per task, in the order the entry would evaluate them:
  // together they are one long task that holds up every tap (vite.config.ts).
  try {
    for (const chunk of chunks) {
      await import(chunk);
      await nextTask();
    }
  } finally {
    void import(appEntry);
  }
}
// Once the page's first paint is on screen (the browser reports it after presenting the frame; a
// frame's callbacks run before it is painted), or after a second where no paint comes (a hidden tab).
try {
  new PerformanceObserver(() => setTimeout(loadApp)).observe({ type: "paint", buffered: true });
} catch {
  requestAnimationFrame(() => setTimeout(loadApp));
}
setTimeout(loadApp, 1000);
