import type { DocumentSnapshot, Transaction } from "firebase-admin/firestore";
import type { ReferrerCap } from "@hub/contract/programs";
import { COLLECTIONS, db } from "../platform/db";
import { countsValidUntilOf, referrerCapOf } from "./programs.store";

/*
 * What the capabilities above read of the programs for their reports (analytics/), in their own
 * transactions: typed facts from one field list and one mapper, never a snapshot or a query.
 */

/** A program as the reports read it. */
export interface ProgramFacts {
  id: string;
  name: string;
  /** A program awaiting approval has no rotation: none of its links is active. */
  approved: boolean;
  distributionMode: "even" | "balanced";
  referrerCap: ReferrerCap | null;
  /** The offer's last day (UTC): after it, none of the program's links is active. */
  offerEndsOn: string | null;
}

/** A program with its kept link counts and the version of its set of links (links/link-counts.store keeps them). */
export interface CountedProgramFacts extends ProgramFacts {
  linkCount: number;
  activeLinkCount: number;
  /** Until when its kept counts hold (countsValidUntilOf: never kept, due from any day). */
  countsValidUntil: string | null;
  linkSetVersion: number;
}

const programs = () => db().collection(COLLECTIONS.programs);
const FACT_FIELDS = ["name", "approved", "distributionMode", "referrerCap", "offerEndsOn"] as const;
const COUNT_FIELDS = ["linkCount", "activeLinkCount", "countsValidUntil", "linkCountsKept", "linkSetVersion"] as const;

const countOf = (value: unknown) => (typeof value === "number" ? value : 0);

const factsOf = (d: DocumentSnapshot): ProgramFacts => ({
  id: d.id,
  name: typeof d.get("name") === "string" ? (d.get("name") as string) : "",
  approved: d.get("approved") === true,
  distributionMode: d.get("distributionMode") === "balanced" ? "balanced" : "even",
  referrerCap: referrerCapOf(d.get("referrerCap")),
  offerEndsOn: typeof d.get("offerEndsOn") === "string" ? (d.get("offerEndsOn") as string) : null,
});

const countedFactsOf = (d: DocumentSnapshot): CountedProgramFacts => ({
  ...factsOf(d),
  linkCount: countOf(d.get("linkCount")),
  activeLinkCount: countOf(d.get("activeLinkCount")),
  countsValidUntil: countsValidUntilOf({ linkCountsKept: d.get("linkCountsKept"), countsValidUntil: d.get("countsValidUntil") }),
  linkSetVersion: countOf(d.get("linkSetVersion")),
});

/** Every program, in the caller's transaction. */
export async function programFactsIn(tx: Transaction): Promise<ProgramFacts[]> {
  return (await tx.get(programs().select(...FACT_FIELDS))).docs.map(factsOf);
}

/** Every program with its kept counts, in the caller's transaction. */
export async function countedProgramFactsIn(tx: Transaction): Promise<CountedProgramFacts[]> {
  return (await tx.get(programs().select(...FACT_FIELDS, ...COUNT_FIELDS))).docs.map(countedFactsOf);
}

/** One program and whether it has been counted (`linkCountsKept`), in the caller's transaction; null: no such program. */
export async function programFactsByIdIn(
  tx: Transaction,
  programId: string,
): Promise<{ program: ProgramFacts; countsKept: boolean } | null> {
  const [doc] = await tx.getAll(programs().doc(programId), { fieldMask: [...FACT_FIELDS, "linkCountsKept"] });
  return doc?.exists ? { program: factsOf(doc), countsKept: doc.get("linkCountsKept") === true } : null;
}

/** The version of the program's set of links, in the caller's transaction; null: no such program. */
export async function linkSetVersionIn(tx: Transaction, programId: string): Promise<number | null> {
  const [doc] = await tx.getAll(programs().doc(programId), { fieldMask: ["linkSetVersion"] });
  return doc?.exists ? countOf(doc.get("linkSetVersion")) : null;
}

/** Every program's id. */
export async function listProgramIds(): Promise<string[]> {
  return (await programs().select().get()).docs.map((d) => d.id);
}
