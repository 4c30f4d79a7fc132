import { startTransition, useCallback, useRef, useState } from "react";
import { isFirstRenderOfPage } from "./use-hydrated";

/**
 * Whether an element is on screen or about to be (within `margin` of the viewport), and stays true
 * once it has been: for work worth doing only for what a person can see (the cards' QR codes, a few
 * milliseconds of a phone's CPU each). Attach the returned ref to the element. Where the browser has
 * no IntersectionObserver (the server's render), everything counts as near, and so it does while the
 * browser hydrates a server-rendered page: it must render what the server did.
 */
export function useNearViewport<T extends Element>(margin = "200px"): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined" || isFirstRenderOfPage());
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || near) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.current?.disconnect();
          // a transition: what appears renders in short slices, as the page's own content does
          startTransition(() => {
            setNear(true);
          });
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [near, margin],
  );
  return [ref, near];
}
