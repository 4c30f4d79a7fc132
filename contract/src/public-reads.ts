/*
 * The two answers a visitor's first page reads (the community's details on every page, the shared
 * programs on /programs), checked by hand in a module that does not import zod: the first page
 * renders them without loading the schemas (about 25 KB of gzip for a phone). The checks accept
 * what communitySchema and publicProgramListSchema accept and give the same values (the e-mail
 * address is checked more loosely: the server checked it against the full rule);
 * public-reads.test.ts holds them to it.
 */
import type { Community } from "./community";
import type { PublicProgram } from "./programs";

/** The routes read this way: their address (API's path under /api) and the answer's check. */
export const PUBLIC_READS = {
  getCommunity: { path: "/api/public/community", check: checkCommunity },
  listPublicPrograms: { path: "/api/public/programs", check: checkPublicPrograms },
} as const;
export type PublicReadName = keyof typeof PUBLIC_READS;

const NAME_MAX = 100;
const URL_MAX = 2048;
const EMAIL_MAX = 255;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** The community's details (communitySchema: exactly these three fields), or undefined. */
export function checkCommunity(value: unknown): Community | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 3) return undefined;
  const { name, joinUrl, supportEmail } = value;
  if (typeof name !== "string" || typeof joinUrl !== "string" || typeof supportEmail !== "string") return undefined;
  if (![name, joinUrl, supportEmail].every(isWellFormed)) return undefined;
  const community = { name: name.trim(), joinUrl: joinUrl.trim(), supportEmail: supportEmail.trim().toLowerCase() };
  if (community.name.length === 0 || community.name.length > NAME_MAX) return undefined;
  if (community.joinUrl.length > URL_MAX || !isHttpUrl(community.joinUrl)) return undefined;
  // the server checked the address in full; a lone "@" between two parts is all a page relies on
  if (community.supportEmail.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(community.supportEmail)) return undefined;
  return community;
}

const isNullOrString = (value: unknown): value is string | null => value === null || typeof value === "string";
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);

/** The shared programs (publicProgramListSchema: unknown fields dropped), or undefined. */
export function checkPublicPrograms(value: unknown): PublicProgram[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const programs: PublicProgram[] = [];
  for (const item of value as unknown[]) {
    if (!isRecord(item)) return undefined;
    const { id, name, description, activeLinkCount, redirectUrl, offerEndsOn, termsUrl, paidReferralsThisYear } = item;
    if (typeof id !== "string" || typeof name !== "string" || typeof redirectUrl !== "string") return undefined;
    if (!isNullOrString(description) || !isNullOrString(offerEndsOn) || !isNullOrString(termsUrl)) return undefined;
    if (!isCount(activeLinkCount) || !isCount(paidReferralsThisYear)) return undefined;
    programs.push({ id, name, description, activeLinkCount, redirectUrl, offerEndsOn, termsUrl, paidReferralsThisYear });
  }
  return programs;
}
