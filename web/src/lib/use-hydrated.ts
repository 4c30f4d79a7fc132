import { startTransition, useEffect, useState } from "react";

let prerenderedPage = false;

/**
 * Says, before the first render, whether that render is the prerender of a page's HTML (in the
 * build, app/prerender.tsx) or takes over such HTML in the browser (hydration, main.tsx).
 */
export function setPrerenderedPage(prerendered: boolean): void {
  prerenderedPage = prerendered;
}

/** Whether the page's first render is (or takes over) a prerendered page's HTML; see setPrerenderedPage. */
export function isPrerenderedPage(): boolean {
  return prerenderedPage;
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
