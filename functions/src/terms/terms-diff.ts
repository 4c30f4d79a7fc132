import { diffArrays } from "diff";
import { FIGURES_KEPT, type Figure } from "./terms-figures";

/*
 * What changed between two versions of a terms page (the contract's `GET /api/programs/{id}/terms`
 * diff): the words, as runs added, removed or the same, and the figures, paired by a sequence diff so
 * that "60,000 → 40,000 points" reads as one change. Both by the `diff` library (jsdiff), each
 * bounded: a page is outside input, and two texts that share nothing must not cost a quadratic diff.
 */

export interface TextChange {
  kind: "added" | "removed" | "same";
  text: string;
}

export interface FigureChange {
  before: Figure | null;
  after: Figure | null;
}

/** Words, not characters or sentences: the page's language or English breaks them alike. */
const BY_WORD: Intl.SegmenterOptions = { granularity: "word" };

function segmenterFor(lang: string | null): Intl.Segmenter {
  try {
    return new Intl.Segmenter(lang ?? "en", BY_WORD);
  } catch {
    return new Intl.Segmenter("en", BY_WORD);
  }
}

/**
 * V8's Intl.Segmenter makes each segment it hands out from the whole input (11.5 s for the words of
 * 100 KB here): a text is segmented a passage at a time, each at most this long and cut at a space
 * where it has one, so segmenting is linear in the text.
 */
const PASSAGE_CHARS = 2_000;

/** The text's words and the spaces between them, as the page's language breaks them ("60,000" one word). */
export function wordsOf(text: string, segmenter: Intl.Segmenter): string[] {
  const words: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + PASSAGE_CHARS);
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end);
      if (space > start) end = space;
    }
    for (const { segment } of segmenter.segment(text.slice(start, end))) words.push(segment);
    start = end;
  }
  return words;
}

/**
 * The most edits (words added or removed) worked out word by word. jsdiff's Myers diff costs the
 * texts' length times the edits: bounded so, two 100 KB texts that share nothing are a diff in well
 * under a second, shown as whole passages replaced (jsdiff answers undefined past the bound).
 */
export const MAX_WORD_EDITS = 1_000;

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

/** Runs of tokens as changes, next runs of one kind joined. */
function runsOf(parts: readonly { added?: boolean; removed?: boolean; value: string[] }[]): TextChange[] {
  const changes: TextChange[] = [];
  for (const part of parts) {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    const text = part.value.join("");
    const last = changes.at(-1);
    if (last?.kind === kind) last.text += text;
    else if (text) changes.push({ kind, text });
  }
  return changes.map((c) => (c.kind === "same" ? { ...c, text: shortened(c.text) } : c));
}

/**
 * The word-level changes from `before` to `after`, long unchanged runs shortened. Words as the page's
 * language breaks them (Intl.Segmenter): "60,000" is one word, not three. Past MAX_WORD_EDITS the
 * texts differ too much for words to help a reader: the same for their common start and end, and the
 * passage between them removed and added whole (linear whatever the texts).
 */
export function textChanges(before: string, after: string, lang: string | null = null): TextChange[] {
  const segmenter = segmenterFor(lang);
  const [from, to] = [wordsOf(before, segmenter), wordsOf(after, segmenter)];
  const parts = diffArrays(from, to, { maxEditLength: MAX_WORD_EDITS });
  if (parts) return runsOf(parts);
  let head = 0;
  while (head < from.length && head < to.length && from[head] === to[head]) head++;
  let tail = 0;
  while (tail < from.length - head && tail < to.length - head && from[from.length - 1 - tail] === to[to.length - 1 - tail]) tail++;
  return runsOf([
    { value: from.slice(0, head) },
    { removed: true, value: from.slice(head, from.length - tail) },
    { added: true, value: to.slice(head, to.length - tail) },
    { value: from.slice(from.length - tail) },
  ]);
}

/** The most a stored diff holds, in bytes of UTF-8 (the contract: 256 KB, `diffCut` beyond). */
export const DIFF_MAX_BYTES = 256 * 1024;

/** The changes within `maxBytes` of UTF-8 in their texts: the first ones whole, the one that passes the bound cut, none after. */
export function changesWithin(changes: readonly TextChange[], maxBytes = DIFF_MAX_BYTES): { changes: TextChange[]; cut: boolean } {
  const kept: TextChange[] = [];
  let left = maxBytes;
  for (const change of changes) {
    // Buffer's encoding is UTF-8 unless told otherwise
    const bytes = Buffer.byteLength(change.text);
    if (bytes <= left) {
      kept.push(change);
      left -= bytes;
      continue;
    }
    // as many whole characters as fit (a cut never splits a surrogate pair)
    const fits = Buffer.from(change.text)
      .subarray(0, left)
      .toString()
      .replace(/\uFFFD$/, "");
    if (fits) kept.push({ kind: change.kind, text: fits });
    return { changes: kept, cut: true };
  }
  return { changes: kept, cut: false };
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
  // at most the figures a version keeps (versions stored before the bound may hold more)
  for (const part of diffArrays(before.slice(0, FIGURES_KEPT), after.slice(0, FIGURES_KEPT), { comparator: sameFigure })) {
    if (part.removed) removed.push(...part.value);
    else if (part.added) added.push(...part.value);
    else flush();
  }
  flush();
  return changes;
}
