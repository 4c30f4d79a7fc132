import type { Request, Response } from "express";
import { logger } from "firebase-functions";
import { DOCUMENT_ID_PATTERN } from "@hub/contract/common";
import { ROTATION_ROUTE } from "@hub/contract/routes";
import { isSlug, SHORT_ROTATION_PREFIX } from "@hub/contract/slugs";
import { clientIpSettings, isEmulator, visitorCookieSecret } from "../platform/config";
import { clientIp } from "../platform/http/client-ip";
import { NOTHING_HEADERS } from "../platform/http/security-headers";
import { weakSecrets } from "../platform/secret-strength";
import { rotate } from "./rotation.service";
import { SlugCache } from "./slug-cache";
import { isCountedVisit } from "./visitor";
import { choiceFor, legacyCookieClearing, newVisitorId, readVisitor, remember, visitorCookieHeader } from "./visitor-cookie";

/** Longer User-Agents are cut: the record is for analytics, not a place to store arbitrary text. */
const USER_AGENT_LIMIT = 512;

/**
 * Every answer: never cached (it may set the visitor's cookie), and the security headers of an answer
 * that loads nothing (platform/http/security-headers.ts): its short pages have no style, script or
 * image, and no site may frame them.
 */
const HEADERS = { ...NOTHING_HEADERS, "Cache-Control": "private, no-store" } as const;

function page(res: Response, status: number, title: string, text: string) {
  res
    .status(status)
    .set({ ...HEADERS, "Content-Type": "text/html; charset=utf-8" })
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><p>${text}</p></html>`,
    );
}

let missingSecretLogged = false;
/** The cookie key; empty (sticky visitors off, logged once) only where no secret was given, as in a bare Functions Framework run. */
function cookieSecret(): string {
  const secret = visitorCookieSecret.value();
  if (!secret && !missingSecretLogged) {
    missingSecretLogged = true;
    logger.error("VISITOR_COOKIE_SECRET is not set: visitors are not remembered");
  }
  return secret;
}

let secretProblems: string[] | undefined;
/**
 * Why this deploy must not serve (empty when it may): outside the emulator, the cookie key must be one
 * nobody can guess or read in the repository, or anyone could forge a visitor's cookie and steer
 * visits (the same rule as the API's and the job queue's, platform/secret-strength.ts). Checked once
 * per instance: a secret does not change while it runs.
 */
function refusal(): string[] {
  secretProblems ??= isEmulator() ? [] : weakSecrets({ VISITOR_COOKIE_SECRET: visitorCookieSecret.value() });
  return secretProblems;
}

const unavailable = (res: Response) => page(res, 503, "Try again", "This referral program is unavailable for a moment. Please try again.");

const notFound = (res: Response) => page(res, 404, "Not found", "This referral program does not exist or has no active links.");

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Gone for good (410): the program's offer has ended, and it names no fallback. */
const offerEnded = (res: Response, programName: string) =>
  page(res, 410, "Offer ended", `The ${escapeHtml(programName)} offer has ended. Its referral links no longer lead anywhere.`);

/**
 * The contract's rotation address (/programs/:id/redirect), its id captured, at the end of the path:
 * Hosting passes /api/programs/{id}/redirect, the function's own URL /programs/{id}/redirect.
 */
const ROTATION_PATH = new RegExp(`${ROTATION_ROUTE.slice(ROTATION_ROUTE.indexOf(" ") + 1).replace(":id", "([^/]+)")}/?$`);

/** The program id of /api/programs/{id}/redirect (the path as Hosting or the function URL passes it). */
export function programIdOf(path: string): string | null {
  const match = ROTATION_PATH.exec(path);
  return match && DOCUMENT_ID_PATTERN.test(match[1]!) ? match[1]! : null;
}

/** The short address `/r/{slug}` as Hosting and the function's own URL pass it. */
const SHORT_PATH = new RegExp(`^${SHORT_ROTATION_PREFIX}([^/]+)/?$`);

/** The slug of /r/{slug}, lower-cased (`/r/Chase-Gold` works), or null when the path names none. */
export function slugOf(path: string): string | null {
  const match = SHORT_PATH.exec(path);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return null; // not valid percent-encoded UTF-8: names nothing
  }
  return isSlug(slug) ? slug : null;
}

const slugs = new SlugCache();

/** The program the path names: by id (the old address) or by one of its slugs, current or past. Throws when the store fails. */
async function programOf(path: string): Promise<string | null> {
  const slug = slugOf(path);
  return slug !== null ? slugs.get(slug) : programIdOf(path);
}

/**
 * GET /api/programs/{id}/redirect and GET /r/{slug} – the public rotation address: 302 to one active link of an
 * approved program, chosen by its mode; else its fallback; else 404. A program whose offer has ended
 * sends every visitor to its fallback, else answers 410 with a page that says so. A returning visitor (their signed
 * `__session` cookie, rotation/visitor-cookie.ts) goes back to their link while it is active. A visit
 * counts at most once per program per UTC hour per visitor and per client address (docs/architecture.md, *Honest
 * counts*; rotation.service.ts). Never cached by anyone (`private, no-store`: the answer may set the
 * visitor's cookie).
 */
export async function handleRedirect(req: Request, res: Response): Promise<void> {
  const problems = refusal();
  if (problems.length > 0) {
    // the names of the secrets and what is wrong with them, never their values
    logger.error(`Refusing to serve: ${problems.join("; ")}. Set a value of your own (docs/deploy.md, section 2) and deploy again.`);
    return page(res, 500, "Unavailable", "This referral program is unavailable. Please try again later.");
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res
      .status(405)
      .set({ ...HEADERS, Allow: "GET, HEAD" })
      .end();
    return;
  }
  let programId: string | null;
  try {
    programId = await programOf(req.path);
  } catch (err) {
    logger.error("short address not read", { path: req.path.slice(0, 200), error: err instanceof Error ? err.message : String(err) });
    return unavailable(res);
  }
  if (!programId) return notFound(res);
  const userAgent = (req.get("user-agent") ?? "").slice(0, USER_AGENT_LIMIT);
  // A person following the link: only they are remembered (bots, previews, HEAD and prefetches get no cookie).
  const person = isCountedVisit({ method: req.method, userAgent, purpose: req.get("sec-purpose") ?? req.get("purpose") });
  const at = new Date();
  const secret = cookieSecret();
  const visitor = person && secret ? readVisitor(req.get("cookie"), secret, at.getTime()) : { visitorId: null, choices: [], legacy: false };
  // a new visitor's id is made now: their first counted visit is then known by it too (a new id can
  // never be a repeat, so a request without a valid cookie is held to the per-address rule only)
  const visitorId = person && secret ? (visitor.visitorId ?? newVisitorId()) : null;
  try {
    const answer = await rotate(programId, {
      person,
      at,
      ipAddress: clientIp(req, clientIpSettings()),
      userAgent,
      visitorId,
      rememberedLinkId: choiceFor(visitor.choices, programId)?.linkId ?? null,
      secret,
    });
    if (answer.to === "nowhere") return notFound(res);
    if (answer.to === "ended") return offerEnded(res, answer.programName);
    if (answer.to === "link" && visitorId) {
      // the visitor's id and their link in this program
      const choices = remember(visitor.choices, { programId, linkId: answer.linkId, sentAtMs: at.getTime() });
      const cookie = visitorCookieHeader({ visitorId, choices }, secret, { secure: !isEmulator() });
      res.set("Set-Cookie", visitor.legacy ? [legacyCookieClearing(), cookie] : cookie);
    }
    // URL#href: an ASCII form of the address (punycode host, percent-encoded path) that is safe in a header
    res
      .status(302)
      .set({ ...HEADERS, Location: new URL(answer.url).href })
      .end();
  } catch (err) {
    logger.error("rotation failed", { programId, error: err instanceof Error ? err.message : String(err) });
    unavailable(res);
  }
}
