import { describe, expect, it } from "vitest";
import { reviewedWatch, termsStateOf, termsWatchOf, type TermsWatch } from "../catalog/terms-watch-record";
import type { Figure } from "./terms-figures";
import { figuresKey, newsOf, nextTermsWatch, type TermsRead } from "./terms-watch";

/*
 * What reads in a row do to what admins see and are told (the contract's *Terms watch and alerts*,
 * *State*): the last read as the program answer shows it, what counts as a change under
 * `watchFor: "figures"` (currencies, cut versions, keys stored before), when a waiting change began,
 * and the unreachable spell's start.
 */

const URL_A = "https://bank.example/terms";
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 2));
const points = (value: number): Figure => ({ text: `${String(value)} points`, value, unit: "points" });
const money = (value: number, currency: string): Figure => ({ text: `${currency} ${String(value)}`, value, unit: "currency", currency });
const ok = (hash: string, figures: Figure[] = [], figuresCut = false): TermsRead => ({
  outcome: "ok",
  text: `text ${hash}`,
  lang: "en",
  figures,
  figuresCut,
  hash,
});
const broken: TermsRead = { outcome: "broken", reason: "the page answered HTTP 404" };
const inconclusive: TermsRead = { outcome: "inconclusive", reason: "fewer than 200 characters of text" };

/** Reads in a row, the i-th on day first + i, as the job applies them. */
function reads(list: TermsRead[], watchFor: "text" | "figures" = "text", start: TermsWatch | null = null, first = 1) {
  let watch = start;
  const kept: number[] = [];
  list.forEach((read, i) => {
    const result = nextTermsWatch(watch, URL_A, read, watchFor, day(first + i));
    watch = result.watch;
    if (result.kept) kept.push(result.kept.version);
  });
  return { watch: watch!, kept };
}

const state = (watch: TermsWatch, watchFor: "text" | "figures" = "text") =>
  termsStateOf({ approved: true, termsUrl: watch.url, watchFor }, watch);

describe("the last read, as the program answer shows it", () => {
  it("says when, what it found, and why a read found no text", () => {
    const afterOk = reads([ok("a")]).watch;
    expect(state(afterOk)).toMatchObject({
      checkedAt: day(1).toISOString(),
      lastRead: { at: day(1).toISOString(), outcome: "ok", reason: null },
    });
    const afterBroken = reads([broken], "text", afterOk, 2).watch;
    expect(state(afterBroken)).toMatchObject({
      checkedAt: day(2).toISOString(),
      lastRead: { at: day(2).toISOString(), outcome: "broken", reason: "the page answered HTTP 404" },
    });
    const afterInconclusive = reads([inconclusive], "text", afterBroken, 3).watch;
    expect(afterInconclusive.lastRead).toEqual({
      at: day(3).toISOString(),
      outcome: "inconclusive",
      reason: "fewer than 200 characters of text",
    });
  });

  it("the version a read keeps is the page as read: its URL, time, hash, text, language and figures", () => {
    const first = nextTermsWatch(null, URL_A, ok("a", [points(60_000)], true), "text", day(1));
    expect(first.kept).toEqual({
      version: 1,
      url: URL_A,
      fetchedAt: day(1).toISOString(),
      hash: "a",
      text: "text a",
      lang: "en",
      figures: [points(60_000)],
      figuresCut: true,
    });
    expect(first.newSeries).toBe(true);
    const again = nextTermsWatch(first.watch, URL_A, ok("b"), "text", day(2));
    expect(again.newSeries).toBe(false);
    expect(again.kept?.version).toBe(2);
  });
});

describe("what counts as a change with watchFor figures", () => {
  it("a figure named in another currency is a change", () => {
    const { watch } = reads([ok("a", [money(100, "USD")]), ok("b", [money(100, "EUR")])], "figures");
    expect(state(watch, "figures")).toMatchObject({ status: "changed", latestVersion: 2 });
    expect(newsOf(watch, "figures").change).toBe(2);
  });

  it("the figures' words alone are no change", () => {
    const { watch } = reads([ok("a", [points(60_000)]), ok("b", [{ ...points(60_000), text: "60,000 bonus points" }])], "figures");
    expect(state(watch, "figures")?.status).toBe("watching");
  });

  it("a version whose figures were cut counts a change of its text, since a figure past the cut may have changed", () => {
    const figures = [points(60_000)];
    const { watch } = reads([ok("a", figures, true), ok("b", figures, true)], "figures");
    expect(state(watch, "figures")).toMatchObject({ status: "changed", latestVersion: 2 });
    expect(newsOf(watch, "figures").change).toBe(2);
    // uncut, the same change of text is none
    const uncut = reads([ok("a", figures), ok("b", figures)], "figures");
    expect(state(uncut.watch, "figures")?.status).toBe("watching");
  });

  it("a version kept when figures keys were the figures' JSON compares the same as one kept now", () => {
    const figures = [points(60_000), money(4_000, "USD")];
    const legacyKey = JSON.stringify(figures.map((f) => [f.value, f.unit, f.currency ?? null]));
    const stored = termsWatchOf({
      url: URL_A,
      checkedAt: day(1).toISOString(),
      latestVersion: 1,
      latestHash: "a",
      latestFigures: legacyKey,
      reviewedVersion: 1,
      reviewedFigures: legacyKey,
      failures: 0,
    });
    const { watch } = reads([ok("b", figures)], "figures", stored, 2);
    expect(state(watch, "figures")).toMatchObject({ status: "watching", latestVersion: 2, reviewedVersion: 1 });
    expect(watch.latestFigures).toBe(stored!.reviewedFigures);
    expect(figuresKey(figures)).toBe(figuresKey(figures, null));
  });

  it("a change of wording after a told change of figures tells nothing new", () => {
    const changed = reads([ok("a", [points(60_000)]), ok("b", [points(40_000)])], "figures").watch;
    expect(newsOf(changed, "figures").change).toBe(2);
    const { watch } = reads([ok("c", [points(40_000)])], "figures", { ...changed, toldChange: 2 }, 3);
    expect(state(watch, "figures")).toMatchObject({ status: "changed", latestVersion: 3, changedAt: day(2).toISOString() });
    expect(newsOf(watch, "figures").change).toBeNull();
  });
});

describe("when a waiting change began", () => {
  it("a change undone by the page waits no more, and the next one begins on its own day", () => {
    const { watch } = reads(
      [ok("a", [points(60_000)]), ok("b", [points(40_000)]), ok("c", [points(60_000)]), ok("d", [points(50_000)])],
      "figures",
    );
    expect(state(watch, "figures")).toMatchObject({ status: "changed", latestVersion: 4, changedAt: day(4).toISOString() });
  });

  it("after a review, the next change begins on its own day", () => {
    const waiting = reads([ok("a"), ok("b")]).watch;
    const { watch } = reads([ok("c")], "text", reviewedWatch(waiting), 5);
    expect(state(watch)).toMatchObject({ status: "changed", reviewedVersion: 2, latestVersion: 3, changedAt: day(5).toISOString() });
  });

  it("reads of the same page keep the day the change began", () => {
    const { watch } = reads([ok("a"), ok("b"), ok("b"), broken, ok("b")]);
    expect(state(watch)).toMatchObject({ status: "changed", changedAt: day(2).toISOString() });
  });
});

describe("the unreachable spell", () => {
  it("begins with its first failure and stays there however long it lasts, told once", () => {
    const { watch } = reads([ok("a"), broken, broken, broken, inconclusive, broken]);
    expect(state(watch)).toMatchObject({ status: "unreachable", unreachableSince: day(2).toISOString() });
    expect(watch.failures).toBe(4);
    expect(newsOf({ ...watch, toldUnreachable: day(2).toISOString() }, "text").unreachable).toBeNull();
  });

  it("a 2xx read ends it, and a new spell begins on its own first failure", () => {
    const { watch } = reads([ok("a"), broken, broken, ok("a"), broken, broken]);
    expect(state(watch)).toMatchObject({ status: "unreachable", unreachableSince: day(5).toISOString() });
    expect(newsOf({ ...watch, toldUnreachable: day(2).toISOString() }, "text").unreachable).toBe(day(5).toISOString());
  });

  it("a page that was never read is unreachable after two failures too, with nothing to review", () => {
    const { watch, kept } = reads([broken, broken]);
    expect(kept).toEqual([]);
    expect(state(watch)).toMatchObject({ status: "unreachable", unreachableSince: day(1).toISOString(), latestVersion: null });
    const back = reads([ok("a")], "text", watch, 3);
    expect(back.kept).toEqual([1]);
    expect(state(back.watch)).toMatchObject({ status: "watching", reviewedVersion: 1, latestVersion: 1 });
  });
});
