import type { ClickRecord } from "@hub/contract/analytics";
import type { ReferralLink } from "@hub/contract/links";
import { compareNames } from "@/lib/sorting";
import { recordClicks } from "./click-counts";
import { emailKey, isActiveLink, type ActiveFlag } from "./link-counts";
import { percentOf } from "./numbers";

/** One link owner's line in 'User Performance'. */
export interface UserPerformanceRow {
  email: string;
  /** The name (and e-mail as written) on the owner's first link in the program; '' when only click records know them. */
  name: string;
  clicks: number;
  /** Share of the program's clicks in the range, one decimal. */
  percentage: number;
  activeLinks: number;
  /** createdAt of the owner's first link in the program, or null when none is known. */
  addedAt: string | null;
}

type PerformanceLink = Pick<ReferralLink, "programId" | "email" | "name" | "createdAt"> & ActiveFlag;

/** One row per link owner in the program, most clicks first (ties by name, then e-mail). */
export function userPerformanceRows(
  programId: string,
  links: readonly PerformanceLink[],
  records: readonly Pick<ClickRecord, "programId" | "linkEmail" | "totalClicks">[],
): UserPerformanceRow[] {
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

  for (const link of links) {
    if (link.programId !== programId) continue;
    const row = rowFor(link.email);
    if (isActiveLink(link)) row.activeLinks += 1;
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

  let programClicks = 0;
  for (const record of records) {
    if (record.programId !== programId) continue;
    const clicks = recordClicks(record);
    programClicks += clicks;
    rowFor(record.linkEmail).clicks += clicks;
  }

  return [...rows.values()]
    .map(({ firstAddedMs: _firstAddedMs, ...row }) => ({ ...row, percentage: percentOf(row.clicks, programClicks) }))
    .sort((a, b) => b.clicks - a.clicks || compareNames(a.name, b.name) || a.email.localeCompare(b.email));
}
