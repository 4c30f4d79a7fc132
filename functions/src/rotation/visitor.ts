import { isbot } from "isbot";

export interface VisitRequest {
  method: string;
  userAgent: string | undefined;
  /** `Sec-Purpose` / `Purpose` headers: browsers mark speculative prefetches with them. */
  purpose: string | undefined;
}

/**
 * Whether a visit counts. Known bots and link previews (isbot's list: crawlers, Slack, WhatsApp,
 * Facebook and friends unfurling a shared address), requests without a User-Agent (every browser
 * sends one), HEAD requests and prefetches are sent on but not counted: none of them is a person
 * following the link.
 */
export function isCountedVisit({ method, userAgent, purpose }: VisitRequest): boolean {
  if (method !== "GET") return false;
  if (purpose && /prefetch|prerender/i.test(purpose)) return false;
  const ua = userAgent?.trim();
  if (!ua) return false;
  return !isbot(ua);
}
