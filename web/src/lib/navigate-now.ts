import { flushSync } from "react-dom";
import type { NavigateFunction } from "react-router-dom";

// The app's router (app/router.tsx) renders a navigation as a transition, keeping the current page
// on screen while the next one's code loads; a navigation through navigateNow renders at once.
let navigatingNow = false;

/** Whether the navigation being applied came through navigateNow (read by the app's router). */
export function isNavigatingNow(): boolean {
  return navigatingNow;
}

/**
 * Navigates and renders the destination before returning, not in a transition: for a sign-out or
 * a switch of user, where the page left behind must not render for the new session meanwhile.
 */
export function navigateNow(navigate: NavigateFunction, to: string): void {
  navigatingNow = true;
  try {
    flushSync(() => {
      void navigate(to);
    });
  } finally {
    navigatingNow = false;
  }
}
