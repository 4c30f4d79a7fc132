/**
 * The data a server-rendered page was rendered with (the community, the public programs), carried in
 * the page as TanStack Query's dehydrated state so that the browser's first render (hydration) has
 * the same data and renders the same HTML, without asking the API again. Rendered by the `pages`
 * function (functions/src/pages), read by main.tsx.
 */
import type { DehydratedState } from "@tanstack/react-query";

/** The id of the <script type="application/json"> element that carries the state. */
export const PAGE_STATE_ELEMENT_ID = "hub-page-state";

/** The state as the content of that element: JSON that cannot end the element early. */
export function pageStateScript(state: DehydratedState): string {
  const json = JSON.stringify(state).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${json}</script>`;
}

/** The state the page carries, or undefined (a page the app renders from scratch, or unreadable state). */
export function readPageState(): DehydratedState | undefined {
  const text = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return undefined; // the app asks the API instead
  }
}
