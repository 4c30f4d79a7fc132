import type { RequestHandler } from "express";
import { isEmulator } from "../config";

/**
 * The security headers of every answer the functions give, set by the functions themselves: Hosting
 * adds the same from firebase.json (its `headers`), but a function is also reachable at its own URL,
 * and Hosting passes the function's headers on where it adds none. The values are written here once;
 * a unit test (security-headers.test.ts) holds firebase.json's Hosting headers to them, path by path.
 */

/** Firebase Auth's two endpoints, the only origins besides its own an app page talks to. */
const AUTH_ORIGINS = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"] as const;

/**
 * The app's pages (`/` and `/programs` rendered by the `pages` function; every other address is
 * Hosting's app.html): scripts from the origin only (the visitor's island and the app's chunks are
 * files, and the page's data is JSON, never run), inline styles (emotion's and the page-wide <style>
 * elements), images from the origin and `data:`/`blob:` (QR codes, the PNG download), requests to the
 * origin and Firebase Auth, no frames, plugins or foreign forms, and never framed.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  `connect-src 'self' ${AUTH_ORIGINS.join(" ")}`,
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Answers that are no page of the app (the API's JSON, the rotation's redirects and short pages): they load nothing and are never framed. */
export const NOTHING_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What every answer carries, page or data. */
const EVERY_ANSWER = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
} as const;

/** The app's pages: as Hosting sends them from firebase.json's `**` rule. */
export const PAGE_HEADERS = {
  "Content-Security-Policy": PAGE_CSP,
  ...EVERY_ANSWER,
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const;

/**
 * Answers that load nothing: the API's (firebase.json's `/api/**` rule) and the rotation's (`/r/*`,
 * and its old address under /api). No referrer: a rotation address is followed from someone's page,
 * and where it leads need not learn which.
 */
export const NOTHING_HEADERS = {
  "Content-Security-Policy": NOTHING_CSP,
  ...EVERY_ANSWER,
  "Referrer-Policy": "no-referrer",
} as const;

/** A CSP with `origin` added to the places it may connect to. */
function allowingConnectionsTo(csp: string, origin: string): string {
  return csp
    .split("; ")
    .map((directive) => (directive.startsWith("connect-src ") ? `${directive} ${origin}` : directive))
    .join("; ");
}

/**
 * The pages' headers here: in the emulator the page may also talk to the Auth emulator (as the local
 * suite's copy of firebase.json lets it, scripts/lib/local-firebase-config.ts); a deploy's are PAGE_HEADERS.
 */
export function pageHeaders(env: Record<string, string | undefined> = process.env, emulator = isEmulator()): Record<string, string> {
  const authEmulator = env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulator || !authEmulator) return PAGE_HEADERS;
  return { ...PAGE_HEADERS, "Content-Security-Policy": allowingConnectionsTo(PAGE_CSP, `http://${authEmulator}`) };
}

/** API answers are data, never pages: forbid framing, sniffing and caching of personal data. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  // The platform's own express app announces itself before ours runs.
  res.removeHeader("X-Powered-By");
  res.set({
    ...NOTHING_HEADERS,
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
  });
  next();
};
