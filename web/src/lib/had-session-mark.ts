import type { SxProps, Theme } from "@mui/material/styles";

/**
 * Set on <html> by public/visitor-island.js, before the app runs, in a browser that had a session
 * (STORAGE_KEYS.hadSession). The server renders `/` and `/programs` as a visitor sees them, the same
 * for everyone; in such a browser what only a visitor should see (the e-mail box, the visitor's list)
 * stays hidden until the session says who this is, so a member does not see a sign-in box flash by.
 */
export const HAD_SESSION_ATTRIBUTE = "data-hub-had-session";

/** The sx of a server-rendered part only a visitor sees: hidden while the mark is on the page. */
export const VISITOR_ONLY_SX: SxProps<Theme> = { [`[${HAD_SESSION_ATTRIBUTE}] &`]: { visibility: "hidden" } };

/** Takes the mark off once the session is known: the page now shows the variant it names. */
export function clearHadSessionMark(): void {
  document.documentElement.removeAttribute(HAD_SESSION_ATTRIBUTE);
}
