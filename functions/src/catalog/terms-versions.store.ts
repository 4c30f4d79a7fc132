import { FieldValue, type DocumentData } from "firebase-admin/firestore";
import { KEPT_TERMS_VERSIONS, type TermsFigure } from "@hub/contract/terms";
import { COLLECTIONS, db } from "../platform/db";
import { findProgramIn, type ProgramRecord } from "./programs.store";
import type { TermsWatch } from "./terms-watch-record";

/*
 * The versions of a program's terms page (the contract's *Terms watch and alerts*), under the program:
 * `programs/{id}/terms_versions/{version}` `{ version, url, fetchedAt, hash, text, lang, figures }`,
 * the last KEPT_TERMS_VERSIONS and the reviewed one. What the watch knows between reads is kept on the
 * program's own document (`termsWatch`), written with the version in one transaction.
 */

const programRef = (programId: string) => db().collection(COLLECTIONS.programs).doc(programId);
const versionsOf = (programId: string) => programRef(programId).collection(COLLECTIONS.termsVersions);
const versionRef = (programId: string, version: number) => versionsOf(programId).doc(String(version));
const diffRef = (programId: string) => programRef(programId).collection(COLLECTIONS.termsDiffs).doc("current");

export interface StoredTermsVersion {
  version: number;
  url: string;
  fetchedAt: string;
  hash: string;
  lang: string | null;
  figures: TermsFigure[];
  figuresCut: boolean;
}

/** What changed from version `from` to `to` (terms/terms-diff), as stored: at most 256 KB of text. */
export interface StoredTermsDiff {
  from: number;
  to: number;
  changes: { kind: "added" | "removed" | "same"; text: string }[];
  figures: { before: TermsFigure | null; after: TermsFigure | null }[];
  diffCut: boolean;
}

export interface TermsVersionText extends StoredTermsVersion {
  text: string;
}

const figuresOf = (value: unknown): TermsFigure[] => (Array.isArray(value) ? (value as TermsFigure[]) : []);

function versionOf(d: DocumentData): StoredTermsVersion {
  return {
    version: Number(d.version),
    url: String(d.url),
    fetchedAt: String(d.fetchedAt),
    hash: String(d.hash),
    lang: typeof d.lang === "string" ? d.lang : null,
    figures: figuresOf(d.figures),
    figuresCut: d.figuresCut === true,
  };
}

/** What one read does, worked out from the program as the transaction read it; null leaves everything as it is. */
export type TermsReadStep = (program: ProgramRecord) => {
  watch: TermsWatch;
  kept: TermsVersionText | null;
  /** The read began a new series (a new URL): every older version goes. */
  newSeries: boolean;
} | null;

/**
 * Applies one read of the program's page in one transaction: its `termsWatch`, the version it kept
 * and the versions that go (beyond the last KEPT_TERMS_VERSIONS, never the reviewed one; all of an
 * older URL's). A program deleted, no longer approved, or whose `termsUrl` changed since it was read
 * is left alone (null).
 */
export async function recordTermsRead(programId: string, url: string, step: TermsReadStep): Promise<ProgramRecord | null> {
  return db().runTransaction(async (tx) => {
    const program = await findProgramIn(tx, programId);
    if (!program?.approved || program.termsUrl !== url) return null;
    const result = step(program);
    if (!result) return null;
    const { watch, kept, newSeries } = result;
    if (kept) {
      // the versions there are, from the watch rather than a query: a query in a transaction holds
      // more than the program (the emulator's locks queued every program's read behind it)
      const stored = storedVersions(program.termsWatch);
      const drop = newSeries ? stored.filter((v) => v !== kept.version) : versionsToDrop(stored, kept.version, watch.reviewedVersion);
      for (const version of drop) {
        tx.delete(versionRef(programId, version));
      }
      tx.create(versionRef(programId, kept.version), { ...kept, createdAt: FieldValue.serverTimestamp() });
    }
    tx.update(programRef(programId), { termsWatch: watch });
    return { ...program, termsWatch: watch };
  });
}

/**
 * The versions a program may have, from its watch: numbers run on by one across series, and each read
 * that keeps one drops what falls beyond the last KEPT_TERMS_VERSIONS but the reviewed one, so those
 * are the last KEPT_TERMS_VERSIONS numbers up to the latest, and the reviewed one (some perhaps gone:
 * deleting a missing version changes nothing).
 */
export function storedVersions(watch: Pick<TermsWatch, "latestVersion" | "reviewedVersion"> | null): number[] {
  const latest = watch?.latestVersion ?? 0;
  const last = Array.from({ length: Math.min(KEPT_TERMS_VERSIONS, latest) }, (_, i) => latest - i);
  const reviewed = watch?.reviewedVersion;
  return reviewed != null && !last.includes(reviewed) ? [...last, reviewed] : last;
}

/** The versions that go when `added` is kept: all but the newest KEPT_TERMS_VERSIONS (counting it), the reviewed one staying. */
export function versionsToDrop(stored: readonly number[], added: number, reviewed: number | null): number[] {
  const newestFirst = [...new Set([...stored, added])].sort((a, b) => b - a);
  return newestFirst.slice(KEPT_TERMS_VERSIONS).filter((v) => v !== reviewed && v !== added);
}

/**
 * One transaction on the program's watch: `change` gives the new watch from the program as the
 * transaction read it (null writes nothing). The review, and what admins were told, go through it.
 * Null when there is no such program.
 */
export async function updateTermsWatch(
  programId: string,
  change: (program: ProgramRecord) => TermsWatch | null,
): Promise<ProgramRecord | null> {
  return db().runTransaction(async (tx) => {
    const program = await findProgramIn(tx, programId);
    if (!program) return null;
    const watch = change(program);
    if (!watch) return program;
    tx.update(programRef(programId), { termsWatch: watch });
    return { ...program, termsWatch: watch };
  });
}

/** The program's versions, newest first, without their text. */
export async function listTermsVersions(programId: string): Promise<StoredTermsVersion[]> {
  const snap = await versionsOf(programId)
    .select("version", "url", "fetchedAt", "hash", "lang", "figures", "figuresCut")
    .orderBy("version", "desc")
    .get();
  return snap.docs.map((d) => versionOf(d.data()));
}

export async function readTermsVersion(programId: string, version: number): Promise<TermsVersionText | null> {
  const snap = await versionRef(programId, version).get();
  const d = snap.data();
  return d ? { ...versionOf(d), text: typeof d.text === "string" ? d.text : "" } : null;
}

/** The stored diff of the program's page, if one was stored: the caller checks it is of the versions it wants. */
export async function readTermsDiff(programId: string): Promise<StoredTermsDiff | null> {
  const d = (await diffRef(programId).get()).data();
  if (!d || typeof d.from !== "number" || typeof d.to !== "number" || !Array.isArray(d.changes) || !Array.isArray(d.figures)) return null;
  return {
    from: d.from,
    to: d.to,
    changes: d.changes as StoredTermsDiff["changes"],
    figures: d.figures as StoredTermsDiff["figures"],
    diffCut: d.diffCut === true,
  };
}

/**
 * Stores the diff of versions `from` → `to`, unless the program's watch has moved on meanwhile (a
 * newer version, a review): one transaction, so a late writer never replaces a newer diff.
 */
export async function saveTermsDiff(programId: string, diff: StoredTermsDiff): Promise<void> {
  await db().runTransaction(async (tx) => {
    const program = await findProgramIn(tx, programId);
    const watch = program?.termsWatch;
    if (!watch || watch.reviewedVersion !== diff.from || watch.latestVersion !== diff.to) return;
    tx.set(diffRef(programId), { ...diff, createdAt: FieldValue.serverTimestamp() });
  });
}

/**
 * A deleted program's versions (after its deletion or merge, outside that transaction: nothing reads
 * a deleted program's versions, and a crash in between leaves at most 11 unreachable documents).
 */
export async function deleteTermsVersions(programId: string): Promise<void> {
  // at most KEPT_TERMS_VERSIONS + 1 documents: one listing and one batch (no kindless descendants query)
  const snap = await versionsOf(programId).select().get();
  // a diff is only ever stored beside versions: with none there is nothing to delete, and no write
  if (snap.empty) return;
  const batch = db().batch();
  for (const doc of snap.docs) batch.delete(doc.ref);
  batch.delete(diffRef(programId));
  await batch.commit();
}
