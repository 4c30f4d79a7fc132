import { CLICK_CURSOR_MESSAGE } from "@hub/contract/analytics";
import { ApiError } from "../platform/api-error";

/**
 * The cursor of GET /api/analytics/clicks: the moment the first page was read (so every page reads the
 * same window) and the last record given (its date and link: a place in the records' total order).
 * Opaque to clients: base64url of a small JSON, checked field by field when it comes back.
 */
export interface ClickCursor {
  at: Date;
  after: { clickDate: string; linkId: string };
}

export const encodeClickCursor = (cursor: ClickCursor): string =>
  Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.after.clickDate, cursor.after.linkId])).toString("base64url");

const invalid = () => new ApiError("VALIDATION", CLICK_CURSOR_MESSAGE, { issues: [{ path: "cursor", message: CLICK_CURSOR_MESSAGE }] });

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CLICK_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:00:00\.000Z)?$/;
const LINK_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The cursor a page's Link header named; anything else is a 400 with the contract's message. */
export function decodeClickCursor(text: string): ClickCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [at, clickDate, linkId] = parsed as unknown[];
  if (typeof at !== "string" || !ISO_TIME.test(at) || Number.isNaN(Date.parse(at))) throw invalid();
  if (typeof clickDate !== "string" || !CLICK_DATE.test(clickDate)) throw invalid();
  if (typeof linkId !== "string" || !LINK_ID.test(linkId)) throw invalid();
  return { at: new Date(at), after: { clickDate, linkId } };
}
