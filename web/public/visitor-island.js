// The visitor's island on the server-rendered pages, `/` and `/programs` (why: web/prerender-pages.ts),
// and the only script a visitor's phone runs there. It answers the visitor's controls itself, on the
// server's HTML, at once: the search box filters the cards, *Copy* copies, a card's QR code opens
// large; the e-mail box is a native form. The app (about 155 KB, a second or two of a phone's CPU)
// loads for any other button, or after the first paint in a browser that keeps what the server
// cannot know (a session, a chosen theme); once it has taken the page over, the island stands down.
// What it reads is marked in the app's components (data-program, data-name, data-description,
// data-address, data-copy, data-qr, data-search, data-program-grid, data-no-match); what it draws
// is styled by the page-wide CSS (src/app/visitor-island-styles.ts). Short: every phone downloads it.

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

const root = document.getElementById("root");
/** @param {Element} card @param {string} field */
const textOf = (card, field) => /** @type {Element} */ (card.querySelector(field)).textContent ?? "";
/** @param {string} tag */
const element = (tag) => document.createElement(tag);

// Search (/programs), by the rule of filterPublicPrograms (src/features/programs/utils/public-program-list.ts):
// the text typed, trimmed, in the name or the description, whatever the case. A card that does not
// match is hidden; "No programs match your search." (rendered hidden) shows when none does.
const searchBox = /** @type {HTMLInputElement | null} */ (document.querySelector("[data-search]"));
const noMatch = document.querySelector("[data-no-match]");
/** @type {[HTMLElement, string[]][] | undefined} each card with its searched texts, lower-cased once */
let cards;
/** @type {HTMLElement | null | undefined} */
let grid;
function search() {
  const query = /** @type {HTMLInputElement} */ (searchBox).value.trim().toLocaleLowerCase();
  cards ??= [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-program]"))].map((card) => [
    card,
    [...card.querySelectorAll("[data-name], [data-description]")].map((field) => (field.textContent ?? "").toLocaleLowerCase()),
  ]);
  grid ??= /** @type {HTMLElement | null} */ (document.querySelector("[data-program-grid]"));
  let shown = 0;
  for (const [card, texts] of cards) {
    const hide = !texts.some((text) => text.includes(query));
    // only a change: setting the attribute again would restyle the card
    if (card.hidden !== hide) card.hidden = hide;
    if (!hide) shown++;
  }
  showMatches(shown > 0);
}
/** @param {boolean} any */
function showMatches(any) {
  if (grid) grid.hidden = !any;
  // an attribute of the island's, not `hidden`, which React renders on it
  noMatch?.toggleAttribute("data-shown", !any);
}
/** @param {Event} event */
const onInput = (event) => {
  if (event.target === searchBox) search();
};

// Copy: the app's toast, drawn plain, in a live region outside #root (React renders nothing there)
// that is on the page before anything is said in it, so that screen readers announce it.
const toast = element("div");
toast.className = "hub-toast";
toast.setAttribute("role", "status");
document.body.append(toast);
/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;
/** @param {string} address */
async function copy(address) {
  let copied = true;
  try {
    await navigator.clipboard.writeText(address);
  } catch {
    copied = false;
  }
  const box = element("div");
  const title = element("b");
  title.textContent = copied ? "Copied" : "Copy failed";
  box.append(title, copied ? "Rotation address copied to the clipboard" : "Unable to copy the rotation address");
  box.toggleAttribute("data-failed", !copied);
  toast.replaceChildren(box);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => toast.replaceChildren(), 5000);
}

// A card's QR code, large, in a native modal dialog outside #root (its focus trap and Escape are the
// browser's): the card's own drawing, cloned (it scales without loss), with the quiet zone a scanner
// needs around it; and as PNG, for print (public/visitor-island-png.js).
/** @type {HTMLDialogElement | undefined} */
let dialog;
/** @param {Element} card */
function showQr(card) {
  const name = textOf(card, "[data-name]");
  if (!dialog) {
    const made = /** @type {HTMLDialogElement} */ (element("dialog"));
    made.className = "hub-qr";
    made.setAttribute("aria-labelledby", "hub-qr-title");
    made.innerHTML =
      '<div><h2 id="hub-qr-title"></h2><p>Scan it to open the rotation address:<code></code></p><div><button type="button">Download PNG</button><button type="button">Close</button></div></div>';
    const [download, close] = made.querySelectorAll("button");
    // rarely used: loaded when asked for
    /** @type {HTMLElement} */ (download).onclick = () => void import("./visitor-island-png.js").then((png) => png.default(made));
    /** @type {HTMLElement} */ (close).onclick = () => made.close();
    // a tap beside the dialog, on the backdrop, closes it as the app's does
    made.onclick = (event) => event.target === made && made.close();
    document.body.append(made);
    dialog = made;
  }
  const button = /** @type {HTMLElement} */ (card.querySelector("[data-qr]"));
  const code = /** @type {SVGSVGElement} */ (/** @type {Element} */ (button.querySelector("svg")).cloneNode(true));
  const size = code.viewBox.baseVal.width + 8;
  code.setAttribute("viewBox", `-4 -4 ${size} ${size}`);
  code.setAttribute("width", "256");
  code.setAttribute("height", "256");
  code.setAttribute("role", "img");
  code.setAttribute("aria-label", `QR code of the rotation address of ${name}`);
  code.removeAttribute("aria-hidden");
  dialog.querySelector("svg")?.remove();
  /** @type {Element} */ (dialog.querySelector("p")).before(code);
  /** @type {Element} */ (dialog.querySelector("h2")).textContent = name;
  // the PNG's file name, as the app names it (public/visitor-island-png.js)
  dialog.dataset.file = button.dataset.qr;
  /** @type {Element} */ (dialog.querySelector("code")).textContent = textOf(card, "[data-address]");
  dialog.showModal();
}
// A tap on a button of the page: the island's own are answered here; any other is held, the app
// loads, and the tap is replayed once the page has hydrated (src/lib/use-hydrated.ts announces it).
// Links and the e-mail box's form work as they are, and go on.
/** @type {HTMLElement[]} */
const held = [];
/** @param {Event} event */
function onClick(event) {
  const button = event.target instanceof Element ? event.target.closest("button, [role=button]") : null;
  // outside #root: the island's own dialog
  if (!(button instanceof HTMLElement) || !root?.contains(button)) return;
  if (button instanceof HTMLButtonElement && button.type === "submit" && button.form?.hasAttribute("action")) return;
  // not for React too, should it be hydrating the page meanwhile
  event.preventDefault();
  event.stopImmediatePropagation();
  const card = button.closest("[data-program]");
  if (button.hasAttribute("data-copy")) void copy(textOf(/** @type {Element} */ (button.parentElement), "[data-address]"));
  else if (card && button.hasAttribute("data-qr")) showQr(card);
  else if (searchBox && button.closest("[data-no-match]")) {
    // "Show all programs"
    searchBox.value = "";
    search();
    searchBox.focus();
  } else {
    if (!held.includes(button)) held.push(button);
    void loadApp();
  }
}
document.addEventListener("click", onClick, true);
if (searchBox) {
  document.addEventListener("input", onInput, true);
  // a search the browser put back in the box (a reload)
  if (searchBox.value) search();
}

// The app has the page: its own controls answer from now on. React's filter takes what is in the
// search box (src/features/programs/components/public-program-list.tsx): the cards go back as React
// rendered them. A toast or dialog of the island's finishes on its own.
document.addEventListener(
  "hub:page-taken-over",
  () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("input", onInput, true);
    for (const [card] of cards ?? []) card.hidden = false;
    showMatches(true);
    for (const button of held.splice(0)) button.click();
  },
  { once: true },
);

// A browser that keeps such state gets the app after the first paint: the member's page, the toggle
// naming the chosen theme. So does a page the server could not render (the app renders it then).
if (storedState || !root?.hasChildNodes()) {
  // Once the page's first paint is on screen (the browser reports it after presenting the frame; a
  // frame's callbacks run before it is painted), or after a second where no paint comes (a hidden tab).
  try {
    new PerformanceObserver(() => setTimeout(loadApp)).observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(loadApp));
  }
  setTimeout(loadApp, 1000);
}
