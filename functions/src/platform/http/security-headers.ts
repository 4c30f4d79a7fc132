import type { RequestHandler } from "express";

/** API answers are data, never pages: forbid framing, sniffing and caching of personal data. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  // The platform's own express app announces itself before ours runs.
  res.removeHeader("X-Powered-By");
  res.set({
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
  });
  next();
};
