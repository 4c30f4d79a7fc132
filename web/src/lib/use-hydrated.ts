import { startTransition, useEffect, useState } from "react";

let prerenderedPage = false;
let pageTakenOver = false;

/** The event public/visitor-island.js waits for to stand down and replay the taps it held (see PageTakenOver). */
export const PAGE_TAKEN_OVER_EVENT = "hub:page-taken-over";

/**
 * Says, before the first render, whether that render is the server's render of a page's HTML (in
 * Node, app/prerender.tsx) or takes over such HTML in the browser (hydration, main.tsx).
 */
export function setPrerenderedPage(prerendered: boolean): void {
  prerenderedPage = prerendered;
}

/** Whether the page's first render is (or takes over) a server-rendered page's HTML; see setPrerenderedPage. */
export function isPrerenderedPage(): boolean {
  return prerenderedPage;
}

/**
 * Whether what renders now is part of the page's first render on a server-rendered page (on the
 * server, or hydrating it in the browser): such a render must produce the server's HTML exactly.
 */
export function isFirstRenderOfPage(): boolean {
  return prerenderedPage && !pageTakenOver;
}

/**
 * Rendered beside the page inside its Suspense boundary (RootLayout): its effect runs once the page
 * (and what is around it) has hydrated, and tells public/visitor-island.js, which then stands down and replays
 * the taps made before the app had taken over.
 */
export function PageTakenOver() {
  useEffect(() => {
    if (pageTakenOver) return;
    pageTakenOver = true;
    document.dispatchEvent(new Event(PAGE_TAKEN_OVER_EVENT));
  }, []);
  return null;
}

/**
 * False while React renders a page's prerendered HTML and while the browser hydrates it, true from
 * the render after that (and from the start on a page that was not prerendered). What only the
 * browser can know (its storage) must wait for it, or the first render would differ from the HTML it
 * hydrates. The switch renders as a transition, in short slices, like the hydration itself.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(!prerenderedPage);
  useEffect(() => {
    if (!hydrated) {
      startTransition(() => {
        setHydrated(true);
      });
    }
  }, [hydrated]);
  return hydrated;
}
