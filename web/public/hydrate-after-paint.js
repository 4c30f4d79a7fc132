// The app's loader on the server-rendered pages, `/` and `/programs` (why: web/prerender-pages.ts).
// Short: every phone downloads it. Their HTML is the whole page, links and the e-mail box work without
// the app, so a visitor's phone runs the app (about a second of a phone's CPU) only once they reach for
// something that needs it; a browser with a session or a chosen theme runs it after the first paint.

// What this browser keeps that the server's render cannot know: a theme chosen with the app's toggle
// (src/app/theme.ts; the system's theme needs no script), set now; a session (src/lib/browser-storage.ts).
let storedState = false;
/** Marks a page whose visitor-only parts stay hidden until the app knows who this is (src/lib/had-session-mark.ts). */
const HAD_SESSION_MARK = "data-hub-had-session";
try {
  const mode = localStorage.getItem("hub-color-mode");
  if (mode === "light" || mode === "dark") document.documentElement.setAttribute("data-hub-theme", mode);
  const hadSession = localStorage.getItem("hadSession") === "true";
  if (hadSession) document.documentElement.setAttribute(HAD_SESSION_MARK, "");
  storedState = mode === "light" || mode === "dark" || hadSession;
} catch {
  // storage refused: the page follows the system's theme until the app runs, and keeps no session
}
const {
  appEntry = "",
  appChunks = "",
  routeChunks = "",
} = /** @type {HTMLElement} */ (document.querySelector("script[data-app-entry]")).dataset;
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
    // an app that cannot load leaves the page as the server made it, visitor's parts shown
    void import(appEntry).catch(() => document.documentElement.removeAttribute(HAD_SESSION_MARK));
  }
}

// A tap on a button before the app has taken the page over would do nothing: it is held, the app
// loads, and the tap is replayed once the page has hydrated (src/lib/use-hydrated.ts announces it).
// Links and the e-mail box's form work as they are, and go on.
/** @type {HTMLElement[]} */
const held = [];
/** @param {Event} event */
function holdTap(event) {
  const button = event.target instanceof Element ? event.target.closest("button, [role=button]") : null;
  if (!(button instanceof HTMLElement)) return;
  if (button instanceof HTMLButtonElement && button.type === "submit" && button.form?.hasAttribute("action")) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!held.includes(button)) held.push(button);
  void loadApp();
}
document.addEventListener("click", holdTap, true);
document.addEventListener(
  "hub:page-taken-over",
  () => {
    document.removeEventListener("click", holdTap, true);
    for (const button of held.splice(0)) button.click();
  },
  { once: true },
);

// Reaching for the page (a key, a touch, a pointer over it, focus moving into it) starts the app, so
// that it is usually there by the time the tap lands.
const INTENT = ["pointerdown", "pointerover", "touchstart", "keydown", "focusin"];
const onIntent = () => {
  for (const type of INTENT) removeEventListener(type, onIntent, true);
  void loadApp();
};
// A browser that keeps such state gets the app after the first paint: the member's page, the toggle
// naming the chosen theme. So does a page the server could not render (the app renders it then).
if (storedState || !document.getElementById("root")?.hasChildNodes()) {
  // Once the page's first paint is on screen (the browser reports it after presenting the frame; a
  // frame's callbacks run before it is painted), or after a second where no paint comes (a hidden tab).
  try {
    new PerformanceObserver(() => setTimeout(loadApp)).observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(loadApp));
  }
  setTimeout(loadApp, 1000);
} else {
  for (const type of INTENT) addEventListener(type, onIntent, { capture: true, passive: true });
}
