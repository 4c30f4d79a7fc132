import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Program } from "@hub/contract/programs";
import { TERMS_FIGURES_KEPT, TERMS_TEXT_MAX_BYTES, type ProgramTerms } from "@hub/contract/terms";
import { createProgramAs, signInActors } from "../../../testing/actors";
import { db } from "../../../testing/backend";
import { resetEmulators } from "../../../testing/emulators";
import { resetTermsPages, setTermsPage, termsHtml, termsPageUrl } from "../../../testing/fixture-site";
import { callRoute } from "../../../testing/http";
import { followJob, runJob } from "../../../testing/jobs";
import { createJob, enqueueJobSlice } from "../../src/jobs/jobs.store";

/**
 * The terms watch against pages an attacker (or an unlucky bank) could serve (the contract's *Bounded
 * whatever the page*): each ends with the job `done`, every other program of the same run read, and
 * what the watch stores of the page within Firestore's 1 MiB and the contract's bounds. Before these
 * bounds, the nested page threw a stack overflow that failed every run at that program, the 30,000
 * figures and the long `lang` made writes over 1 MiB, and two texts that share nothing took a 40 s
 * diff on every open of the Terms dialog.
 */

const RUN = "runTermsWatch";
const MIB = 1024 * 1024;
let admin: string;

beforeEach(async () => {
  await resetEmulators();
  await resetTermsPages();
  ({ admin } = await signInActors());
});
afterAll(() => resetTermsPages());

const programAs = async (id: string): Promise<Program> =>
  (await callRoute("listPrograms", { idToken: admin })).body.find((p) => p.id === id)!;
const termsOf = async (id: string): Promise<ProgramTerms> => {
  const res = await callRoute("getProgramTerms", { params: { id }, idToken: admin });
  expect(res.status).toBe(200);
  return res.body;
};
/** What a document weighs, about as Firestore counts it (its fields' UTF-8). */
const weight = (data: unknown) => Buffer.byteLength(JSON.stringify(data ?? null), "utf8");

/** Enough words of terms for a read to be conclusive (≥ 200 characters), with a bonus figure. */
const TERMS_WORDS =
  "Refer a friend and earn 60,000 bonus points once they are approved and spend $4,000 in the first three months. Up to 5 referrals a year. " +
  "The bonus posts to your account within eight weeks of your friend's approval. Terms apply.";

/** Text of about `chars` characters whose words share nothing with another `seed`'s. */
function wordsOf(chars: number, seed: string): string {
  const words: string[] = [];
  for (let i = 0, length = 0; length < chars; i++) {
    const word = `${seed}${(i * 7919).toString(36)}`;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(" ");
}

const HOSTILE = {
  // 50,000 elements inside each other: a recursive walk of the page's tree overflows its stack
  nested: `<!doctype html><html lang="en"><body>${"<div>".repeat(50_000)}<p>${TERMS_WORDS}</p>${"</div>".repeat(50_000)}</body></html>`,
  // 30,000 figures: more than a version keeps
  figures: `<!doctype html><html lang="en"><body><main><p>${TERMS_WORDS}</p><p>${"$1 ".repeat(30_000)}</p></main></body></html>`,
  // a 1.2 MB language tag
  lang: `<!doctype html><html lang="${"x".repeat(1_200_000)}"><body><main><p>${TERMS_WORDS}</p></main></body></html>`,
};

describe("the terms watch, whatever the page", () => {
  it("reads a page nested 50,000 deep, one of 30,000 figures and one with a 1.2 MB lang, and every other program in the same run", async () => {
    const programs: Record<string, string> = {};
    for (const [i, [name, html]] of Object.entries(HOSTILE).entries()) {
      await setTermsPage(name, html);
      programs[name] = (await createProgramAs(admin, `${name} card`, { termsUrl: termsPageUrl(name, i + 1) })).id;
    }
    await setTermsPage("plain", termsHtml("60,000"));
    programs.plain = (await createProgramAs(admin, "plain card", { termsUrl: termsPageUrl("plain", 4) })).id;

    const job = await runJob(admin, RUN);
    expect(job).toMatchObject({ state: "done", summary: { read: 4, kept: 4, broken: 0, inconclusive: 0 } });

    for (const [name, id] of Object.entries(programs)) {
      expect((await programAs(id)).terms, name).toMatchObject({ status: "watching", latestVersion: 1, lastRead: { outcome: "ok" } });
      const program = (await db().doc(`programs/${id}`).get()).data();
      const version = (await db().doc(`programs/${id}/terms_versions/1`).get()).data();
      expect(weight(program), name).toBeLessThan(16 * 1024);
      expect(weight(version), name).toBeLessThan(MIB);
      expect(Buffer.byteLength(String(version?.text), "utf8"), name).toBeLessThanOrEqual(TERMS_TEXT_MAX_BYTES);
      expect(String(version?.text), name).toContain(
        name === "plain" ? "Earn 60,000 bonus points" : "Refer a friend and earn 60,000 bonus points",
      );
    }
    const figures = (await termsOf(programs.figures!)).versions[0]!;
    expect(figures.figures).toHaveLength(TERMS_FIGURES_KEPT);
    expect(figures.figuresCut).toBe(true);
    expect((await termsOf(programs.plain!)).versions[0]!.figuresCut).toBe(false);
    // the long lang is no language: the figures are read as English
    expect((await db().doc(`programs/${programs.lang!}/terms_versions/1`).get()).get("lang")).toBeNull();
  }, 120_000);

  it("two long texts that share nothing: each change kept with its diff, worked out once, stored, and shown from what was stored", async () => {
    const [a, b] = [wordsOf(82_000, "alpha"), wordsOf(82_000, "omega")];
    const page = (words: string) => `<!doctype html><html lang="en"><body><main><p>${TERMS_WORDS}</p><p>${words}</p></main></body></html>`;
    await setTermsPage("swing", page(a));
    const { id } = await createProgramAs(admin, "swing card", { termsUrl: termsPageUrl("swing", 5) });
    expect(await runJob(admin, RUN)).toMatchObject({ state: "done", summary: { kept: 1 } });
    await setTermsPage("swing", page(b));
    expect(await runJob(admin, RUN)).toMatchObject({ state: "done", summary: { kept: 1 } });

    const stored = (await db().doc(`programs/${id}/terms_diffs/current`).get()).data();
    expect(stored).toMatchObject({ from: 1, to: 2, diffCut: false });
    expect(weight(stored)).toBeLessThan(300 * 1024);
    const first = await termsOf(id);
    // passages replaced whole: the common start the same, then all of one text removed and the other added
    expect(first.diff!.changes.map((c) => c.kind)).toEqual(["same", "removed", "added"]);
    expect(first.diff!.changes[1]!.text.startsWith("alpha")).toBe(true);
    expect(first.diff!.changes[2]!.text.startsWith("omega")).toBe(true);

    // the answer is the stored diff, not one worked out again from the versions' texts
    for (const version of ["1", "2"]) await db().doc(`programs/${id}/terms_versions/${version}`).update({ text: "rewritten" });
    expect((await termsOf(id)).diff).toEqual(first.diff);

    // back to the first text: a third version, its diff from the reviewed one (the first) stored in turn
    await setTermsPage("swing", page(a));
    expect(await runJob(admin, RUN)).toMatchObject({ state: "done", summary: { kept: 1 } });
    expect((await db().doc(`programs/${id}/terms_diffs/current`).get()).data()).toMatchObject({ from: 1, to: 3 });
    expect((await programAs(id)).terms).toMatchObject({ status: "changed", reviewedVersion: 1, latestVersion: 3 });
  }, 120_000);

  it("a read a crashed slice left in progress is inconclusive, with its reason, not read again, and the run goes on with the others", async () => {
    await setTermsPage("first", termsHtml("60,000"));
    await setTermsPage("second", termsHtml("60,000"));
    const ids = [
      (await createProgramAs(admin, "first card", { termsUrl: termsPageUrl("first", 6) })).id,
      (await createProgramAs(admin, "second card", { termsUrl: termsPageUrl("second", 7) })).id,
    ].sort();
    // the step reads in id order: the first program's read is the one a dead slice left in progress
    const [stuck, calm] = ids as [string, string];
    // as a slice leaves its job when it dies in the middle of its step: the program it was reading in progress
    const jobId = await createJob("terms-watch", { trigger: "admin", actorUid: null }, new Date(), { phase: "testing", total: 2 });
    await db()
      .doc(`jobs/${jobId}`)
      .update({ inProgress: [stuck] });
    await enqueueJobSlice(jobId);
    const end = (await followJob(admin, jobId)).at(-1)!;
    expect(end).toMatchObject({ state: "done", summary: { read: 2, inconclusive: 1, kept: 1 } });
    expect((await programAs(stuck)).terms).toMatchObject({
      latestVersion: null,
      lastRead: { outcome: "inconclusive", reason: "the read before did not finish" },
    });
    expect((await programAs(calm)).terms).toMatchObject({ latestVersion: 1, lastRead: { outcome: "ok", reason: null } });
    // the next run reads it as usual
    expect(await runJob(admin, RUN)).toMatchObject({ state: "done", summary: { read: 2, kept: 1, same: 1 } });
    expect((await programAs(stuck)).terms).toMatchObject({ latestVersion: 1, lastRead: { outcome: "ok" } });
  });
});
