import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getProgram, type ProgramRecord } from "../../src/catalog/programs.store";
import { readTermsDiff } from "../../src/catalog/terms-versions.store";
import { reviewProgramTerms } from "../../src/programs/programs.service";
import { checkProgramTerms } from "../../src/terms/terms-check.service";
import { programTerms, storeTermsDiff } from "../../src/terms/terms.service";
import { resetEmulators } from "../../../testing/emulators";
import { db } from "../../src/platform/db";
import { recordingMailer, seedProgram, standInPages, standInQueues, termsDeps, termsHtml, testClock } from "./terms-stand-ins";

/*
 * What GET /api/programs/{id}/terms answers (terms/terms.service), run in this process against the
 * suite's Firestore with the bank's page stood in for: the versions kept, newest first and without
 * their text, and the diff from the reviewed version to the latest, worked out once (when the latest
 * is kept, or at the first look when it was not) and answered from what was stored from then on.
 */

const URL_GOLD = "https://goldbank.example/terms";

let queues: ReturnType<typeof standInQueues>;
let pages: ReturnType<typeof standInPages>;
let clock: ReturnType<typeof testClock>;
let deps: ReturnType<typeof termsDeps>;

beforeAll(async () => {
  queues = standInQueues();
});
beforeEach(async () => {
  await resetEmulators();
  queues.use();
  pages = standInPages();
  clock = testClock();
  deps = termsDeps({ pageReader: pages.reader, mailer: recordingMailer().mailer, now: clock.now });
});
/** The program's page reads `html` from now on, and is read (a day after the read before). */
async function readAs(program: Pick<ProgramRecord, "id" | "termsUrl">, html: string) {
  pages.html(program.termsUrl!, html);
  clock.tick();
  return checkProgramTerms(deps, program);
}
const versionDoc = (id: string, version: number) => db().doc(`programs/${id}/terms_versions/${String(version)}`);
const diffDoc = (id: string) => db().doc(`programs/${id}/terms_diffs/current`);
/** What a version's text is made to say afterwards (nothing the watch does rewrites one): an answer read from it would show it. */
const rewriteTexts = async (id: string, ...versions: number[]) => {
  for (const version of versions) await versionDoc(id, version).update({ text: "Rewritten afterwards: nothing of this was ever read." });
};
const wordsOf = (diff: { changes: { kind: string; text: string }[] } | null) =>
  diff?.changes.filter((c) => c.kind !== "same").map((c) => `${c.kind}: ${c.text.trim()}`);

/** A program read as 60,000 points, then as 40,000 with a sentence more: a change from version 1 to 2. */
async function changedProgram() {
  const gold = await seedProgram("Gold card", URL_GOLD);
  await readAs(gold, termsHtml("60,000"));
  await readAs(gold, termsHtml("40,000", " Referrals are limited to residents."));
  return gold;
}
const CHANGED_WORDS = ["removed: 60,000", "added: 40,000", "added: Referrals are limited to residents."];

describe("a program's terms, as the watch kept them", () => {
  it("are nothing for an unknown program: not found", async () => {
    await expect(programTerms("no-such-program")).rejects.toMatchObject({ code: "NOT_FOUND", message: "Program not found" });
  });

  it("are no versions and no diff before the first read, and one version and no diff after it", async () => {
    const gold = await seedProgram("Gold card", URL_GOLD);
    expect(await programTerms(gold.id)).toEqual({ programId: gold.id, versions: [], diff: null });

    await readAs(gold, termsHtml("60,000"));
    const first = clock.now().toISOString();
    const terms = await programTerms(gold.id);
    expect(terms).toEqual({
      programId: gold.id,
      versions: [
        {
          version: 1,
          url: URL_GOLD,
          fetchedAt: first,
          hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          figures: [
            expect.objectContaining({ value: 60_000, unit: "points" }),
            expect.objectContaining({ value: 5, unit: "referrals" }),
            expect.objectContaining({ value: 4_000, unit: "currency", currency: "USD" }),
          ],
          figuresCut: false,
        },
      ],
      diff: null,
    });
    // nothing was worked out for a page that has not changed
    expect(await readTermsDiff(gold.id)).toBeNull();
  });

  it("are the versions newest first, without their text, and the words and figures that changed from the reviewed one to the latest", async () => {
    const gold = await changedProgram();
    const terms = await programTerms(gold.id);
    expect(terms.versions.map((v) => v.version)).toEqual([2, 1]);
    for (const version of terms.versions)
      expect(Object.keys(version).sort()).toEqual(["fetchedAt", "figures", "figuresCut", "hash", "url", "version"]);
    expect(terms.versions[0]!.hash).not.toBe(terms.versions[1]!.hash);
    expect(Object.keys(terms.diff!).sort()).toEqual(["changes", "diffCut", "figures", "from", "to"]);
    expect(terms.diff).toMatchObject({ from: 1, to: 2, diffCut: false });
    expect(wordsOf(terms.diff)).toEqual(CHANGED_WORDS);
    expect(terms.diff!.figures).toEqual([
      {
        before: expect.objectContaining({ value: 60_000, unit: "points" }),
        after: expect.objectContaining({ value: 40_000, unit: "points" }),
      },
    ]);
  });

  it("answer the diff worked out when the latest was kept, whatever is read after", async () => {
    const gold = await changedProgram();
    await rewriteTexts(gold.id, 1, 2);
    expect(wordsOf((await programTerms(gold.id)).diff)).toEqual(CHANGED_WORDS);
    // a read of the same page again keeps nothing, and works nothing out again
    expect(await readAs(gold, termsHtml("40,000", " Referrals are limited to residents."))).toBe("same");
    expect(wordsOf((await programTerms(gold.id)).diff)).toEqual(CHANGED_WORDS);
  });

  it("work out a diff that was not stored at the first look, and store it for the next", async () => {
    const gold = await changedProgram();
    const stored = await programTerms(gold.id);
    await diffDoc(gold.id).delete();
    expect(await programTerms(gold.id)).toEqual(stored);
    await rewriteTexts(gold.id, 1, 2);
    expect(await programTerms(gold.id)).toEqual(stored);
  });

  it("work the diff out afresh when the one stored is of other versions", async () => {
    const gold = await changedProgram();
    const answer = await programTerms(gold.id);
    const stale = { changes: [{ kind: "added", text: "A diff of other versions." }], figures: [], diffCut: false };
    for (const other of [
      { from: 1, to: 3 },
      { from: 0, to: 2 },
    ]) {
      await diffDoc(gold.id).set({ ...stale, ...other });
      expect(await programTerms(gold.id), JSON.stringify(other)).toEqual(answer);
    }
  });

  it("have no diff once the latest is reviewed", async () => {
    const gold = await changedProgram();
    await reviewProgramTerms(deps, gold.id, 2);
    expect((await programTerms(gold.id)).diff).toBeNull();
  });

  it("have no diff when a version of it is gone, and a read that keeps one then works none out", async () => {
    const gold = await changedProgram();
    await diffDoc(gold.id).delete();
    await versionDoc(gold.id, 2).delete();
    expect((await programTerms(gold.id)).diff).toBeNull();

    const silver = await seedProgram("Silver card", "https://silverbank.example/terms");
    await readAs(silver, termsHtml("60,000"));
    await versionDoc(silver.id, 1).delete();
    expect(await readAs(silver, termsHtml("40,000"))).toBe("kept");
    expect(await programTerms(silver.id)).toMatchObject({ versions: [{ version: 2 }], diff: null });
    expect(await readTermsDiff(silver.id)).toBeNull();
  });

  it("have no diff when the reviewed version is gone, though a diff of an earlier change is still stored", async () => {
    const gold = await changedProgram();
    await versionDoc(gold.id, 1).delete();
    expect(await readAs(gold, termsHtml("30,000"))).toBe("kept");
    // the diff of versions 1 to 2 stays stored: none of 1 to 3 could be worked out
    expect(await readTermsDiff(gold.id)).toMatchObject({ from: 1, to: 2 });
    expect(await programTerms(gold.id)).toMatchObject({ versions: [{ version: 3 }, { version: 2 }], diff: null });
  });

  it("store no diff for a program the watch knows nothing of", async () => {
    const gold = await seedProgram("Gold card", URL_GOLD);
    await storeTermsDiff(gold.id, null);
    await storeTermsDiff(gold.id, (await getProgram(gold.id))!.termsWatch);
    expect(await readTermsDiff(gold.id)).toBeNull();
  });
});
