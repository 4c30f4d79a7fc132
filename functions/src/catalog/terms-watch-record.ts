import { TERMS_READ_OUTCOMES, type TermsLastRead, type TermsState, type WatchFor } from "@hub/contract/terms";
import { sha256 } from "../platform/keys";

/**
 * What a program's document keeps of its terms page between reads (the contract's *Terms watch and
 * alerts*), under `termsWatch`: written by the terms watch's reads and reviews
 * (catalog/terms-versions.store), read with the program.
 */
export interface TermsWatch {
  /** The `termsUrl` this series of versions is of: a new URL starts a new series. */
  url: string;
  checkedAt: string | null;
  latestVersion: number | null;
  latestHash: string | null;
  /** The figures of the latest and the reviewed version, compared as keys (`watchFor: "figures"`). */
  latestFigures: string | null;
  reviewedVersion: number | null;
  reviewedFigures: string | null;
  /** The version whose change admins are (to be) told of: the latest that counted as a change. */
  changeVersion: number | null;
  changedAt: string | null;
  /** Definite failures in a row, and when the first of them was. */
  failures: number;
  failingSince: string | null;
  unreachableSince: string | null;
  /** What admins were told of: the change by its version, the unreachable spell by its start. */
  toldChange: number | null;
  toldUnreachable: string | null;
  /** The last read: when, what it found, why it found no text. */
  lastRead: TermsLastRead | null;
}

function lastReadOf(value: unknown): TermsLastRead | null {
  if (typeof value !== "object" || value === null) return null;
  const d = value as Record<string, unknown>;
  const outcome = TERMS_READ_OUTCOMES.find((o) => o === d.outcome);
  if (typeof d.at !== "string" || !outcome) return null;
  return { at: d.at, outcome, reason: strOrNull(d.reason) };
}

/**
 * Figures keys were once the figures' JSON itself, a copy of every figure on the program: read as the
 * hash they are stored as now (terms-watch figuresKey), so a version kept before compares the same.
 */
const figuresKeyOf = (value: unknown): string | null => {
  const key = strOrNull(value);
  return key === null || /^[0-9a-f]{64}$/.test(key) ? key : sha256(key);
};

const strOrNull = (v: unknown): string | null => (typeof v === "string" ? v : null);
const intOrNull = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) ? v : null);

export function termsWatchOf(value: unknown): TermsWatch | null {
  if (typeof value !== "object" || value === null) return null;
  const d = value as Record<string, unknown>;
  if (typeof d.url !== "string") return null;
  return {
    url: d.url,
    checkedAt: strOrNull(d.checkedAt),
    latestVersion: intOrNull(d.latestVersion),
    latestHash: strOrNull(d.latestHash),
    latestFigures: figuresKeyOf(d.latestFigures),
    reviewedVersion: intOrNull(d.reviewedVersion),
    reviewedFigures: figuresKeyOf(d.reviewedFigures),
    changeVersion: intOrNull(d.changeVersion),
    changedAt: strOrNull(d.changedAt),
    failures: intOrNull(d.failures) ?? 0,
    failingSince: strOrNull(d.failingSince),
    unreachableSince: strOrNull(d.unreachableSince),
    toldChange: intOrNull(d.toldChange),
    toldUnreachable: strOrNull(d.toldUnreachable),
    lastRead: lastReadOf(d.lastRead),
  };
}

/** A version newer than the reviewed one waits for review: any with `text`, one whose figures differ with `figures`. */
export function changePending(watch: TermsWatch, watchFor: WatchFor): boolean {
  if (watch.latestVersion === null || watch.latestVersion === watch.reviewedVersion) return false;
  return watchFor === "text" || watch.latestFigures !== watch.reviewedFigures;
}

/** Marks `version` (the latest) reviewed; what changes next is measured from it. */
export function reviewedWatch(watch: TermsWatch): TermsWatch {
  return { ...watch, reviewedVersion: watch.latestVersion, reviewedFigures: watch.latestFigures, changedAt: null };
}

/**
 * The `terms` of an admin's program answer: null without a URL or before approval; a URL not read yet
 * (or changed since the last read) is `watching` with nothing known.
 */
export function termsStateOf(
  program: { approved: boolean; termsUrl: string | null; watchFor: WatchFor },
  watch: TermsWatch | null,
): TermsState | null {
  if (!program.approved || !program.termsUrl) return null;
  const { watchFor } = program;
  if (!watch || watch.url !== program.termsUrl) {
    return { status: "watching", checkedAt: null, lastRead: null, reviewedVersion: null, latestVersion: null, watchFor };
  }
  const pending = changePending(watch, watchFor);
  return {
    status: watch.unreachableSince ? "unreachable" : pending ? "changed" : "watching",
    checkedAt: watch.checkedAt,
    lastRead: watch.lastRead,
    reviewedVersion: watch.reviewedVersion,
    latestVersion: watch.latestVersion,
    ...(pending && watch.changedAt ? { changedAt: watch.changedAt } : {}),
    ...(watch.unreachableSince ? { unreachableSince: watch.unreachableSince } : {}),
    watchFor,
  };
}
