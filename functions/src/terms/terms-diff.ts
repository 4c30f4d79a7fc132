import { diffArrays, diffWords } from "diff";
import type { Figure } from "./terms-figures";

/*
 * What changed between two versions of a terms page (the contract's `GET /api/programs/{id}/terms`
 * diff): the words, as runs added, removed or the same, and the figures, paired by a sequence diff so
 * that "60,000 → 40,000 points" reads as one change. Both by the `diff` library (jsdiff).
 */

export interface TextChange {
  kind: "added" | "removed" | "same";
  text: string;
}

export interface FigureChange {
  before: Figure | null;
  after: Figure | null;
}

function segmenterFor(lang: string | null): Intl.Segmenter {
  try {
    return new Intl.Segmenter(lang ?? "en", { granularity: "word" });
  } catch {
    return new Intl.Segmenter("en", { granularity: "word" });
  }
}

/** A `same` run longer than this is shortened to its ends around an ellipsis. */
const SAME_KEPT = 120;

/** A long unchanged run as its first and last words around an ellipsis, never cutting a word. */
function shortened(text: string): string {
  if (text.length <= SAME_KEPT * 2 + 3) return text;
  const head = text.slice(0, SAME_KEPT);
  const tail = text.slice(-SAME_KEPT);
  const headCut = head.lastIndexOf(" ");
  const tailCut = tail.indexOf(" ");
  return `${(headCut > 0 ? head.slice(0, headCut) : head).trimEnd()} … ${(tailCut >= 0 ? tail.slice(tailCut) : tail).trimStart()}`;
}

/**
 * The word-level changes from `before` to `after`, long unchanged runs shortened. Words as the page's
 * language breaks them (Intl.Segmenter): "60,000" is one word, not three.
 */
export function textChanges(before: string, after: string, lang: string | null = null): TextChange[] {
  return diffWords(before, after, { intlSegmenter: segmenterFor(lang) }).map((part) => {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    return { kind, text: kind === "same" ? shortened(part.value) : part.value };
  });
}

const sameFigure = (a: Figure, b: Figure) => a.value === b.value && a.unit === b.unit && a.currency === b.currency;

/**
 * The figures that changed, in page order: a run removed beside a run added pairs one by one (the
 * bonus that was cut), what is left of either pairs with null (a figure gone, or new). Figures the
 * same in both are not listed.
 */
export function figureChanges(before: readonly Figure[], after: readonly Figure[]): FigureChange[] {
  const changes: FigureChange[] = [];
  let removed: Figure[] = [];
  let added: Figure[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++) changes.push({ before: removed[i] ?? null, after: added[i] ?? null });
    removed = [];
    added = [];
  };
  for (const part of diffArrays([...before], [...after], { comparator: sameFigure })) {
    if (part.removed) removed.push(...part.value);
    else if (part.added) added.push(...part.value);
    else flush();
  }
  flush();
  return changes;
}
