import { stringify } from "csv-stringify/sync";
import { neutraliseFormula } from "../platform/csv-guard";
import { listLinksForAdmin } from "./links.service";

const HEADER = [
  "Program",
  "Owner Name",
  "Owner Email",
  "Link",
  "Offer Details",
  "Approved",
  "Paused",
  "Dead",
  "Dead Note",
  "Clicks",
  "Tested Offer",
  "Created",
  "Updated",
];

const yesNo = (b: boolean) => (b ? "yes" : "no");

/** One row per link, RFC 4180 quoting (csv-stringify), newest first like the admin list. */
export async function exportLinksCsv(today: string): Promise<string> {
  const links = await listLinksForAdmin(today);
  const rows = links.map((l) => [
    l.programName,
    l.ownerDisplayName ?? l.name,
    l.email,
    l.link,
    l.description,
    yesNo(l.approved),
    yesNo(l.paused),
    yesNo(l.isDead),
    l.deadNote ?? "",
    String(l.visitCount),
    l.testedOffer ?? "",
    l.createdAt,
    l.updatedAt,
  ]);
  return stringify([HEADER, ...rows.map((r) => r.map(neutraliseFormula))], { record_delimiter: "\r\n" });
}
