import type { Request } from "express";
import { LIMITS } from "../contract/common";

/**
 * The caller's address for rate limits and audit. Proxies in front of the function (Hosting, the
 * Google front end) append to X-Forwarded-For, so the trustworthy entry is counted from the right;
 * entries further left are whatever the client chose to send.
 */
export function clientIp(req: Request, trustedHops = 1): string {
  const forwarded = (req.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const fromProxy = forwarded[Math.max(0, forwarded.length - trustedHops)];
  const ip = fromProxy ?? req.socket?.remoteAddress ?? "unknown";
  return ip.slice(0, LIMITS.ip);
}
