import { AggregateField, type DocumentSnapshot, type Transaction } from "firebase-admin/firestore";
import { db } from "../platform/db";
import { toIsoOrEpoch } from "../platform/timestamps";
import { linksCollection } from "./links.store";

/*
 * What the capabilities above read of the links for their reports (analytics/), in their own
 * transactions: typed facts from one field list and one mapper per projection, never a snapshot or a
 * query. `visitCount` is the stored, folded count: the caller adds what unfolded counters hold.
 */

/** A link as the reports read it. */
export interface LinkFacts {
  id: string;
  programId: string;
  email: string;
  approved: boolean;
  paused: boolean;
  failing: boolean;
  isDead: boolean;
  /** The folded visits (visits/ adds each finished day's). */
  visitCount: number;
  /** The programs it was in before (a move, a merge): their roll-ups hold part of its history. */
  pastProgramIds: string[];
  /** What its cap and snooze are derived from (links.store LinkRecord). */
  paidOn: string[];
  snoozedUntil: string | null;
}

/** A link of one program's page: its facts and what the Programs tab shows of it besides its clicks. */
export interface PageLinkFacts extends LinkFacts {
  name: string;
  createdAt: string;
  /** Its owner is blocked or without an active subscription, as kept on the link (link-counts.store). */
  ownerHeldBack: boolean;
}

/**
 * A link as the users report reads it where its program's kept counts hold today: its owner, its
 * folded visits, and whether the facts counting keeps on it (link-counts.store countsAsActive, the
 * date-derived reasons kept as `outByDate`) leave it in the rotation, before its owner's standing and
 * its program's approval.
 */
export interface CountedLinkFacts {
  id: string;
  programId: string;
  email: string;
  visitCount: number;
  countedActive: boolean;
}

const FACT_FIELDS = [
  "programId",
  "email",
  "approved",
  "paused",
  "isDead",
  "health.status",
  "visitCount",
  "pastProgramIds",
  "paidOn",
  "snoozedUntil",
] as const;
const PAGE_FIELDS = [...FACT_FIELDS, "name", "createdAt", "ownerHeldBack"] as const;
/** Fewer fields than FACT_FIELDS, and none a list: decoding 10,000 links is most of the users answer's time. */
const COUNTED_FIELDS = ["programId", "email", "approved", "paused", "isDead", "health.status", "outByDate", "visitCount"] as const;

const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const textOf = (value: unknown): string => (typeof value === "string" ? value : "");
const countOf = (value: unknown): number => (typeof value === "number" ? value : 0);
const isFailing = (d: DocumentSnapshot) => d.get("health.status") === "failing";

const factsOf = (d: DocumentSnapshot): LinkFacts => ({
  id: d.id,
  programId: String(d.get("programId")),
  email: String(d.get("email")),
  approved: d.get("approved") === true,
  paused: d.get("paused") === true,
  isDead: d.get("isDead") === true,
  failing: isFailing(d),
  visitCount: countOf(d.get("visitCount")),
  pastProgramIds: stringsOf(d.get("pastProgramIds")),
  paidOn: stringsOf(d.get("paidOn")),
  snoozedUntil: typeof d.get("snoozedUntil") === "string" ? (d.get("snoozedUntil") as string) : null,
});

const pageFactsOf = (d: DocumentSnapshot): PageLinkFacts => ({
  ...factsOf(d),
  name: textOf(d.get("name")),
  createdAt: toIsoOrEpoch(d.get("createdAt")),
  ownerHeldBack: d.get("ownerHeldBack") === true,
});

const countedFactsOf = (d: DocumentSnapshot): CountedLinkFacts => ({
  id: d.id,
  programId: String(d.get("programId")),
  email: String(d.get("email")),
  visitCount: countOf(d.get("visitCount")),
  countedActive:
    d.get("approved") === true && d.get("paused") !== true && d.get("isDead") !== true && !isFailing(d) && d.get("outByDate") !== true,
});

/** Every link, in the caller's transaction. */
export async function linkFactsIn(tx: Transaction): Promise<LinkFacts[]> {
  return (await tx.get(linksCollection().select(...FACT_FIELDS))).docs.map(factsOf);
}

/** Every link's counted facts, in the caller's transaction. */
export async function countedLinkFactsIn(tx: Transaction): Promise<CountedLinkFacts[]> {
  return (await tx.get(linksCollection().select(...COUNTED_FIELDS))).docs.map(countedFactsOf);
}

/** How many links there are, in the caller's transaction (an aggregation: one read per thousand links). */
export async function linkCountIn(tx: Transaction): Promise<number> {
  return (await tx.get(linksCollection().aggregate({ links: AggregateField.count() }))).data().links;
}

/** The links in one program now, in the caller's transaction. */
export async function programLinkFactsIn(tx: Transaction, programId: string): Promise<PageLinkFacts[]> {
  return (
    await tx.get(
      linksCollection()
        .where("programId", "==", programId)
        .select(...PAGE_FIELDS),
    )
  ).docs.map(pageFactsOf);
}

/** The ids of the links in one program now and the programs each was in before, in the caller's transaction. */
export async function programLinkHistoryIn(tx: Transaction, programId: string): Promise<{ id: string; pastProgramIds: string[] }[]> {
  const { docs } = await tx.get(linksCollection().where("programId", "==", programId).select("pastProgramIds"));
  return docs.map((d) => ({ id: d.id, pastProgramIds: stringsOf(d.get("pastProgramIds")) }));
}

/** These links, by id (those that exist), 300 a read. */
export async function linkFactsByIds(ids: readonly string[]): Promise<LinkFacts[]> {
  const refs = [...new Set(ids)].map((id) => linksCollection().doc(id));
  const found: LinkFacts[] = [];
  for (let i = 0; i < refs.length; i += 300) {
    const docs = await db().getAll(...refs.slice(i, i + 300), { fieldMask: [...FACT_FIELDS] });
    found.push(...docs.filter((d) => d.exists).map(factsOf));
  }
  return found;
}

/** A member's links, as their view needs them: where each is and was, and when it was made. */
export async function ownLinkHistory(
  email: string,
): Promise<{ id: string; programId: string; pastProgramIds: string[]; createdAt: string }[]> {
  const { docs } = await linksCollection().where("email", "==", email).select("programId", "pastProgramIds", "createdAt").get();
  return docs.map((d) => ({
    id: d.id,
    programId: textOf(d.get("programId")),
    pastProgramIds: stringsOf(d.get("pastProgramIds")),
    createdAt: toIsoOrEpoch(d.get("createdAt")),
  }));
}
