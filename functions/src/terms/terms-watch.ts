import { TERMS_FAILURES_TO_UNREACHABLE, type WatchFor } from "@hub/contract/terms";
import type { Figure } from "./terms-figures";
import { sha256 } from "../platform/keys";
import { changePending, type TermsWatch } from "../catalog/terms-watch-record";

/*
 * What one read of a program's terms page does to what the hub knows of it (the contract's *Terms
 * watch and alerts*): a version kept when the text's hash differs from the latest, the first version of
 * a URL reviewed at once, two definite failures in a row making the page unreachable and the next 2xx
 * read clearing it. Pure: the store applies it in one transaction (catalog/terms-versions.store).
 */

/** One read of the page, as the terms job classed it; `reason` says why a read found no text. */
export type TermsRead =
  | { outcome: "ok"; text: string; lang: string | null; figures: Figure[]; figuresCut: boolean; hash: string }
  | { outcome: "broken" | "inconclusive"; reason: string };

export interface NewVersion {
  version: number;
  url: string;
  fetchedAt: string;
  hash: string;
  text: string;
  lang: string | null;
  figures: Figure[];
  figuresCut: boolean;
}

export interface TermsReadResult {
  watch: TermsWatch;
  /** The version this read kept, if its text differed from the latest. */
  kept: NewVersion | null;
  /** The read began a new series (a new URL): the older series' versions go. */
  newSeries: boolean;
}

/**
 * What the program keeps of a version's figures to compare them (`watchFor: "figures"`): a hash, so
 * the program's document stays small whatever the page names. A version whose figures were cut
 * (figuresCut) keys its text's hash too: a change of its text counts even under "figures", since what
 * changed may be a figure past the cut.
 */
export const figuresKey = (figures: readonly Figure[], cutTextHash: string | null = null): string =>
  sha256(JSON.stringify(figures.map((f) => [f.value, f.unit, f.currency ?? null])) + (cutTextHash === null ? "" : `|cut|${cutTextHash}`));

const emptyWatch = (url: string): TermsWatch => ({
  url,
  checkedAt: null,
  latestVersion: null,
  latestHash: null,
  latestFigures: null,
  reviewedVersion: null,
  reviewedFigures: null,
  changeVersion: null,
  changedAt: null,
  failures: 0,
  failingSince: null,
  unreachableSince: null,
  toldChange: null,
  toldUnreachable: null,
  lastRead: null,
});

export function nextTermsWatch(current: TermsWatch | null, url: string, read: TermsRead, watchFor: WatchFor, now: Date): TermsReadResult {
  const at = now.toISOString();
  const newSeries = current === null || current.url !== url;
  // a new URL keeps counting versions where the last series ended: a version number never names two pages
  const before: TermsWatch = newSeries ? emptyWatch(url) : current;
  const watch: TermsWatch = {
    ...before,
    checkedAt: at,
    lastRead: { at, outcome: read.outcome, reason: read.outcome === "ok" ? null : read.reason },
  };
  let kept: NewVersion | null = null;
  if (read.outcome === "ok") {
    watch.failures = 0;
    watch.failingSince = null;
    watch.unreachableSince = null;
    if (read.hash !== before.latestHash) {
      const version = (newSeries ? (current?.latestVersion ?? 0) : (before.latestVersion ?? 0)) + 1;
      kept = {
        version,
        url,
        fetchedAt: at,
        hash: read.hash,
        text: read.text,
        lang: read.lang,
        figures: read.figures,
        figuresCut: read.figuresCut,
      };
      const figures = figuresKey(read.figures, read.figuresCut ? read.hash : null);
      const figuresMoved = figures !== before.latestFigures;
      watch.latestVersion = version;
      watch.latestHash = read.hash;
      watch.latestFigures = figures;
      if (before.latestVersion === null) {
        // the first version of a URL is the reviewed one
        watch.reviewedVersion = version;
        watch.reviewedFigures = figures;
      } else if (changePending(watch, watchFor) && (watchFor === "text" || figuresMoved)) {
        watch.changeVersion = version;
        watch.changedAt ??= at;
      }
    }
  } else if (read.outcome === "broken") {
    watch.failures = before.failures + 1;
    watch.failingSince = before.failingSince ?? at;
    if (watch.failures >= TERMS_FAILURES_TO_UNREACHABLE) watch.unreachableSince ??= watch.failingSince;
  }
  if (!changePending(watch, watchFor)) watch.changedAt = null;
  return { watch, kept, newSeries };
}

/** What admins are to be told after a read, each once: the change waiting for review (by its version), the unreachable spell (by its start). */
export interface TermsNews {
  change: number | null;
  unreachable: string | null;
}

export function newsOf(watch: TermsWatch, watchFor: WatchFor): TermsNews {
  const change = changePending(watch, watchFor) && watch.changeVersion !== watch.toldChange ? watch.changeVersion : null;
  const unreachable = watch.unreachableSince !== watch.toldUnreachable ? watch.unreachableSince : null;
  return { change, unreachable };
}
