import { describe, expect, it } from "vitest";
import { termsStateOf, type TermsWatch } from "../catalog/terms-watch-record";
import { storedVersions, versionsToDrop } from "../catalog/terms-versions.store";
import type { Figure } from "./terms-figures";
import { newsOf, nextTermsWatch, type TermsRead } from "./terms-watch";

const URL_A = "https://bank.example/terms";
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 2));
const points = (value: number): Figure => ({ text: `${String(value)} points`, value, unit: "points" });
const ok = (hash: string, figures: Figure[] = []): TermsRead => ({
  outcome: "ok",
  text: `text ${hash}`,
  lang: "en",
  figures,
  figuresCut: false,
  hash,
});
const broken: TermsRead = { outcome: "broken", reason: "the page answered HTTP 404" };
const inconclusive: TermsRead = { outcome: "inconclusive", reason: "fewer than 200 characters of text" };

/** Reads in a row, each on the next day, as the job applies them. */
function reads(list: TermsRead[], watchFor: "text" | "figures" = "text", url = URL_A, start: TermsWatch | null = null) {
  let watch = start;
  const kept: number[] = [];
  list.forEach((read, i) => {
    const result = nextTermsWatch(watch, url, read, watchFor, day(i + 1));
    watch = result.watch;
    if (result.kept) kept.push(result.kept.version);
  });
  return { watch: watch!, kept };
}

const state = (watch: TermsWatch, watchFor: "text" | "figures" = "text") =>
  termsStateOf({ approved: true, termsUrl: watch.url, watchFor }, watch);

describe("one read of a terms page", () => {
  it("keeps the first version of a URL as the reviewed one: nothing to review", () => {
    const { watch, kept } = reads([ok("a", [points(60_000)])]);
    expect(kept).toEqual([1]);
    expect(state(watch)).toMatchObject({ status: "watching", reviewedVersion: 1, latestVersion: 1 });
    expect(newsOf(watch, "text")).toEqual({ change: null, unreachable: null });
  });

  it("keeps a version when the text changes, once: the same page read again keeps nothing and tells nothing new", () => {
    const { watch, kept } = reads([ok("a"), ok("b"), ok("b"), ok("b")]);
    expect(kept).toEqual([1, 2]);
    expect(state(watch)).toMatchObject({ status: "changed", reviewedVersion: 1, latestVersion: 2, changedAt: day(2).toISOString() });
    expect(newsOf(watch, "text").change).toBe(2);
    expect(newsOf({ ...watch, toldChange: 2 }, "text").change).toBeNull();
  });

  it("tells a second change after the first was told, and keeps the day the waiting change began", () => {
    const first = reads([ok("a"), ok("b")]).watch;
    const { watch } = reads([ok("c")], "text", URL_A, { ...first, toldChange: 2 });
    expect(newsOf(watch, "text").change).toBe(3);
    expect(state(watch)?.changedAt).toBe(first.changedAt);
  });

  it("with watchFor figures, a change of wording alone is kept but is no change; a changed figure is", () => {
    const wording = reads([ok("a", [points(60_000)]), ok("b", [points(60_000)])], "figures");
    expect(wording.kept).toEqual([1, 2]);
    expect(state(wording.watch, "figures")).toMatchObject({ status: "watching", latestVersion: 2, reviewedVersion: 1 });
    expect(newsOf(wording.watch, "figures").change).toBeNull();
    // the same watch read as `text` (the admin switched back) waits for review
    expect(state(wording.watch, "text")?.status).toBe("changed");

    const cut = reads([ok("a", [points(60_000)]), ok("b", [points(60_000)]), ok("c", [points(40_000)])], "figures");
    expect(state(cut.watch, "figures")).toMatchObject({ status: "changed", latestVersion: 3 });
    expect(newsOf(cut.watch, "figures").change).toBe(3);
    // and back to the reviewed figures: nothing waits
    const back = reads([ok("d", [points(60_000)])], "figures", URL_A, cut.watch);
    expect(state(back.watch, "figures")?.status).toBe("watching");
  });

  it("makes a page unreachable after two definite failures in a row, not after one, and not for inconclusive reads", () => {
    expect(state(reads([ok("a"), broken]).watch)?.status).toBe("watching");
    expect(state(reads([ok("a"), broken, inconclusive]).watch)?.status).toBe("watching");
    const { watch } = reads([ok("a"), broken, inconclusive, broken]);
    expect(state(watch)).toMatchObject({ status: "unreachable", unreachableSince: day(2).toISOString() });
    expect(newsOf(watch, "text").unreachable).toBe(day(2).toISOString());
    expect(newsOf({ ...watch, toldUnreachable: day(2).toISOString() }, "text").unreachable).toBeNull();
  });

  it("clears unreachable on the next 2xx read, after which a pending change shows again", () => {
    const { watch } = reads([ok("a"), ok("b"), broken, broken]);
    expect(state(watch)?.status).toBe("unreachable");
    const back = nextTermsWatch(watch, URL_A, ok("b"), "text", day(9));
    expect(back.kept).toBeNull();
    expect(state(back.watch)).toMatchObject({ status: "changed", latestVersion: 2 });
    expect(state(back.watch)?.unreachableSince).toBeUndefined();
  });

  it("starts a new series for a new URL, its first version reviewed, numbering on from the last", () => {
    const old = reads([ok("a"), ok("b")]).watch;
    const moved = nextTermsWatch(old, "https://bank.example/new-terms", ok("z"), "text", day(5));
    expect(moved.newSeries).toBe(true);
    expect(moved.kept?.version).toBe(3);
    expect(termsStateOf({ approved: true, termsUrl: "https://bank.example/new-terms", watchFor: "text" }, moved.watch)).toMatchObject({
      status: "watching",
      reviewedVersion: 3,
      latestVersion: 3,
    });
  });

  it("is null without a URL or before approval, and knows nothing of a URL not read yet", () => {
    const { watch } = reads([ok("a")]);
    expect(termsStateOf({ approved: false, termsUrl: URL_A, watchFor: "text" }, watch)).toBeNull();
    expect(termsStateOf({ approved: true, termsUrl: null, watchFor: "text" }, watch)).toBeNull();
    expect(termsStateOf({ approved: true, termsUrl: "https://bank.example/other", watchFor: "text" }, watch)).toEqual({
      status: "watching",
      checkedAt: null,
      lastRead: null,
      reviewedVersion: null,
      latestVersion: null,
      watchFor: "text",
    });
  });
});

describe("the versions kept", () => {
  it("are the last ten and the reviewed one", () => {
    const stored = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(versionsToDrop(stored, 11, 1)).toEqual([]);
    expect(versionsToDrop(stored, 11, 5)).toEqual([1]);
    expect(versionsToDrop([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 13, 1)).toEqual([3]);
    expect(versionsToDrop([], 1, null)).toEqual([]);
  });

  it("are known from the watch alone: the last ten numbers up to the latest, and the reviewed one", () => {
    expect(storedVersions(null)).toEqual([]);
    expect(storedVersions({ latestVersion: 3, reviewedVersion: 1 })).toEqual([3, 2, 1]);
    expect(storedVersions({ latestVersion: 25, reviewedVersion: 3 })).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 3]);
    // the next read keeps 26: 16 goes, the reviewed 3 stays
    expect(versionsToDrop(storedVersions({ latestVersion: 25, reviewedVersion: 3 }), 26, 3)).toEqual([16]);
  });
});
