import { startTransition, useCallback, useRef, useState } from "react";

/**
 * Whether an element is on screen or about to be (within `margin` of the viewport), and stays true
 * once it has been: for work worth doing only for what a person can see (the cards' QR codes, a few
 * milliseconds of a phone's CPU each). Attach the returned ref to the element. Where the browser has
 * no IntersectionObserver, everything counts as near.
 */
export function useNearViewport<T extends Element>(margin = "200px"): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
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
