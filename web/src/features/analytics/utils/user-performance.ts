import type { ProgramLinkClicks } from "@hub/contract/analytics";
import { compareNames } from "@/lib/sorting";
import { emailKey } from "./link-counts";
import { percentOf } from "./numbers";

/** One link owner's line in 'User Performance'. */
export interface UserPerformanceRow {
  email: string;
  /** The name (and e-mail as written) on the owner's first link in the program. */
  name: string;
  clicks: number;
  /** Share of the program's clicks in the range, one decimal. */
  percentage: number;
  activeLinks: number;
  /** createdAt of the owner's first link in the program, or null when none is known. */
  addedAt: string | null;
}

type PerformanceLink = Pick<ProgramLinkClicks, "email" | "name" | "createdAt" | "isActive" | "clicks">;

/** One row per link owner of the program's links (the server's answer), most clicks first (ties by name, then e-mail). */
export function userPerformanceRows(links: readonly PerformanceLink[]): UserPerformanceRow[] {
  const rows = new Map<string, UserPerformanceRow & { firstAddedMs: number }>();
  const rowFor = (email: string) => {
    const key = emailKey(email);
    let row = rows.get(key);
    if (!row) {
      row = { email: email.trim(), name: "", clicks: 0, percentage: 0, activeLinks: 0, addedAt: null, firstAddedMs: Infinity };
      rows.set(key, row);
    }
    return row;
  };

  let programClicks = 0;
  for (const link of links) {
    const row = rowFor(link.email);
    if (link.isActive) row.activeLinks += 1;
    row.clicks += link.clicks;
    programClicks += link.clicks;
    const addedMs = Date.parse(link.createdAt);
    // The first link decides the name and date; a link without a valid date only fills a missing name.
    if (Number.isFinite(addedMs) && addedMs < row.firstAddedMs) {
      row.firstAddedMs = addedMs;
      row.addedAt = link.createdAt;
      row.name = link.name;
      row.email = link.email.trim();
    } else if (!row.name) {
      row.name = link.name;
    }
  }

  return [...rows.values()]
    .map(({ firstAddedMs: _firstAddedMs, ...row }) => ({ ...row, percentage: percentOf(row.clicks, programClicks) }))
    .sort((a, b) => b.clicks - a.clicks || compareNames(a.name, b.name) || a.email.localeCompare(b.email));
}
