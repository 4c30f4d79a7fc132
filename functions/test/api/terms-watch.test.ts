import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Program } from "@hub/contract/programs";
import { TERMS_TEXT_MAX_BYTES, type ProgramTerms } from "@hub/contract/terms";
import { createJob, readJob } from "../../src/jobs/jobs.store";
import { startScheduledTermsWatch } from "../../src/terms/terms-job.service";
import { ADMIN, createProgramAs, signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { fixturePage, removeTermsPage, resetTermsPages, setTermsPage, termsHtml, termsPageUrl } from "../../../testing/fixture-site";
import { call, callRoute } from "../../../testing/http";
import { clearInbox, mailsTo } from "../../../testing/inbox";
import { runJob } from "../../../testing/jobs";
import { db } from "../../../testing/backend";

/**
 * The terms watch (the contract's *Terms watch and alerts*): each approved program's terms page read
 * by the job, a version kept when its text changes, the figures before and after, the review, an
 * unreachable page, and one e-mail per change to each admin. The pages are the fixture site's
 * `/terms/{name}`, which the suite's link tester reaches under made-up public host names.
 */

const RUN = "runTermsWatch";
let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  await resetTermsPages();
  await clearInbox();
  ({ admin, alice } = await signInActors());
});
afterAll(() => resetTermsPages());

const programAs = async (id: string, idToken = admin): Promise<Program> =>
  (await callRoute("listPrograms", { idToken })).body.find((p) => p.id === id)!;
const termsOf = async (id: string): Promise<ProgramTerms> => {
  const res = await callRoute("getProgramTerms", { params: { id }, idToken: admin });
  expect(res.status).toBe(200);
  return res.body;
};
const review = (id: string, version: number) => callRoute("reviewProgramTerms", { params: { id }, idToken: admin, body: { version } });
const changeMails = async () => (await mailsTo(ADMIN.email)).filter((m) => /terms changed/.test(m.subject));

/** A program whose terms page (`name`, on its own host) names `bonus` points, read once: its first version. */
async function watchedProgram(name: string, host: number, bonus = "60,000") {
  await setTermsPage(name, termsHtml(bonus));
  const program = await createProgramAs(admin, `${name} card`, { termsUrl: termsPageUrl(name, host) });
  return program.id;
}

describe("the terms watch", () => {
  it("keeps the first version as the reviewed one, then finds a change once: one e-mail, no second until the page changes again", async () => {
    const id = await watchedProgram("gold", 1);
    expect((await programAs(id)).terms).toEqual({
      status: "watching",
      checkedAt: null,
      lastRead: null,
      reviewedVersion: null,
      latestVersion: null,
      watchFor: "text",
    });

    expect(await runJob(admin, RUN)).toMatchObject({ kind: "terms-watch", state: "done", summary: { read: 1, kept: 1, same: 0 } });
    expect((await programAs(id)).terms).toMatchObject({ status: "watching", reviewedVersion: 1, latestVersion: 1 });
    expect(await changeMails()).toHaveLength(0);

    await setTermsPage("gold", termsHtml("40,000"));
    expect(await runJob(admin, RUN)).toMatchObject({ summary: { read: 1, kept: 1 } });
    const changed = (await programAs(id)).terms!;
    expect(changed).toMatchObject({ status: "changed", reviewedVersion: 1, latestVersion: 2 });
    expect(changed.changedAt).toBe(changed.checkedAt);
    const mails = await changeMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("The gold card terms changed");
    expect(mails[0]!.text).toContain("60,000 → 40,000 points");
    expect(mails[0]!.text).toContain(`/admin?tab=programs&terms=${id}`);

    // the same page again: nothing kept, nobody told twice
    expect(await runJob(admin, RUN)).toMatchObject({ summary: { read: 1, kept: 0, same: 1 } });
    expect((await programAs(id)).terms).toMatchObject({ status: "changed", latestVersion: 2 });
    expect(await changeMails()).toHaveLength(1);

    // and a new change is a new e-mail
    await setTermsPage("gold", termsHtml("30,000"));
    await runJob(admin, RUN);
    expect((await programAs(id)).terms).toMatchObject({
      status: "changed",
      reviewedVersion: 1,
      latestVersion: 3,
      changedAt: changed.changedAt,
    });
    expect(await changeMails()).toHaveLength(2);
  });

  it("shows the figures before and after and the words that changed, from the reviewed version to the latest", async () => {
    const id = await watchedProgram("silver", 2);
    await runJob(admin, RUN);
    expect((await termsOf(id)).diff).toBeNull();

    await setTermsPage("silver", termsHtml("40,000", " Referrals are limited to residents."));
    await runJob(admin, RUN);
    const terms = await termsOf(id);
    expect(terms.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(terms.versions[0]).toMatchObject({ url: termsPageUrl("silver", 2), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(terms.versions[1]!.figures.map((f) => [f.value, f.unit])).toEqual([
      [60_000, "points"],
      [5, "referrals"],
      [4_000, "currency"],
    ]);
    expect(terms.diff).toMatchObject({ from: 1, to: 2 });
    expect(terms.diff!.figures).toEqual([
      {
        before: expect.objectContaining({ value: 60_000, unit: "points" }),
        after: expect.objectContaining({ value: 40_000, unit: "points" }),
      },
    ]);
    const added = terms.diff!.changes.filter((c) => c.kind === "added").map((c) => c.text.trim());
    const removed = terms.diff!.changes.filter((c) => c.kind === "removed").map((c) => c.text.trim());
    expect(removed).toContain("60,000");
    expect(added).toContain("40,000");
    expect(added.join(" ")).toContain("Referrals are limited to residents.");
    // the page's navigation and footer are not its terms
    expect(terms.diff!.changes.map((c) => c.text).join("")).not.toContain("Member FDIC");
  });

  it("refuses the review of any version but the latest (409), and a reviewed change waits no more", async () => {
    const id = await watchedProgram("bronze", 3);
    await runJob(admin, RUN);
    expect((await review(id, 1)).status).toBe(200);
    await setTermsPage("bronze", termsHtml("40,000"));
    await runJob(admin, RUN);
    await setTermsPage("bronze", termsHtml("30,000"));
    await runJob(admin, RUN);

    const older = await review(id, 2);
    expect(older.status).toBe(409);
    expect(older.body).toMatchObject({ code: "CONFLICT" });
    expect((await programAs(id)).terms).toMatchObject({ status: "changed", reviewedVersion: 1, latestVersion: 3 });

    const latest = await review(id, 3);
    expect(latest.status).toBe(200);
    expect(latest.body.terms).toMatchObject({ status: "watching", reviewedVersion: 3, latestVersion: 3 });
    expect((latest.body.terms as { changedAt?: string }).changedAt).toBeUndefined();
    expect((await termsOf(id)).diff).toBeNull();
    // the program's rules are the admin's: nothing else changed
    expect(latest.body).toMatchObject({ offerEndsOn: null, referrerCap: null, termsUrl: termsPageUrl("bronze", 3) });

    expect((await callRoute("reviewProgramTerms", { params: { id }, idToken: alice, body: { version: 3 } })).status).toBe(403);
    expect((await review("no-such-program", 1)).status).toBe(404);
    expect((await callRoute("reviewProgramTerms", { params: { id }, idToken: admin, body: { version: "3" } as never })).status).toBe(400);
  });

  it("makes a page unreachable after two definite failures in a row, tells admins once, and clears it on the next 2xx read", async () => {
    const id = await watchedProgram("gone", 4);
    await runJob(admin, RUN);
    await removeTermsPage("gone");

    expect(await runJob(admin, RUN)).toMatchObject({ summary: { broken: 1 } });
    expect((await programAs(id)).terms!.status).toBe("watching");
    const second = await runJob(admin, RUN);
    expect(second).toMatchObject({ summary: { broken: 1 } });
    const terms = (await programAs(id)).terms!;
    expect(terms.status).toBe("unreachable");
    expect(terms.unreachableSince).toBeDefined();
    await runJob(admin, RUN);
    const told = (await mailsTo(ADMIN.email)).filter((m) => /terms page cannot be read/.test(m.subject));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("HTTP 404");

    // back, with a change made meanwhile: the change shows once the page is read again
    await setTermsPage("gone", termsHtml("20,000"));
    await runJob(admin, RUN);
    expect((await programAs(id)).terms).toMatchObject({ status: "changed", latestVersion: 2 });
    expect((await programAs(id)).terms!.unreachableSince).toBeUndefined();
  });

  it("never follows a redirect to a private address: a definite failure, nothing kept", async () => {
    const program = await createProgramAs(admin, "Sneaky card", { termsUrl: fixturePage("/redirect-to-metadata") });
    await runJob(admin, RUN);
    await runJob(admin, RUN);
    expect((await programAs(program.id)).terms).toMatchObject({ status: "unreachable", latestVersion: null });
    expect((await termsOf(program.id)).versions).toEqual([]);
  });

  it("reads a 3 MB page up to 2 MB without failing the job, and keeps at most 100,000 bytes of its text", async () => {
    const filler = "<p>" + "Points are subject to the program rules and may be forfeited. ".repeat(50_000) + "</p>";
    expect(filler.length).toBeGreaterThan(3_000_000);
    await setTermsPage("huge", termsHtml("60,000", filler));
    const program = await createProgramAs(admin, "Huge card", { termsUrl: termsPageUrl("huge", 5) });
    expect(await runJob(admin, RUN)).toMatchObject({ state: "done", summary: { read: 1, kept: 1, broken: 0, inconclusive: 0 } });
    const terms = await termsOf(program.id);
    expect(terms.versions).toHaveLength(1);
    expect(terms.versions[0]!.figures[0]).toMatchObject({ value: 60_000, unit: "points" });
    expect((await programAs(program.id)).terms).toMatchObject({ status: "watching", latestVersion: 1 });
    // what the version keeps of the text: cut at the bound, not far below it
    const stored = String((await db().doc(`programs/${program.id}/terms_versions/1`).get()).get("text"));
    expect(Buffer.byteLength(stored, "utf8")).toBeLessThanOrEqual(TERMS_TEXT_MAX_BYTES);
    expect(Buffer.byteLength(stored, "utf8")).toBeGreaterThan(TERMS_TEXT_MAX_BYTES - 100);
  });

  it("counts a page with almost no text as inconclusive: no version, no failure", async () => {
    await setTermsPage("shell", "<!doctype html><html><body><div id=root></div><script>app()</script></body></html>");
    const program = await createProgramAs(admin, "Shell card", { termsUrl: termsPageUrl("shell", 6) });
    expect(await runJob(admin, RUN)).toMatchObject({ summary: { read: 1, inconclusive: 1, kept: 0 } });
    expect(await runJob(admin, RUN)).toMatchObject({ summary: { inconclusive: 1 } });
    expect((await programAs(program.id)).terms).toMatchObject({ status: "watching", latestVersion: null });
  });

  it("with watchFor figures, a change of wording is kept but waits for nobody; a changed figure does", async () => {
    const id = await watchedProgram("wordy", 7);
    const set = await callRoute("updateProgram", { params: { id }, idToken: admin, body: { watchFor: "figures" } });
    expect(set.status).toBe(200);
    expect(set.body.terms).toMatchObject({ watchFor: "figures" });
    await runJob(admin, RUN);
    await setTermsPage("wordy", termsHtml("60,000", " Updated on a new day."));
    await runJob(admin, RUN);
    expect((await programAs(id)).terms).toMatchObject({ status: "watching", reviewedVersion: 1, latestVersion: 2 });
    expect(await changeMails()).toHaveLength(0);
    await setTermsPage("wordy", termsHtml("75,000", " Updated on a new day."));
    await runJob(admin, RUN);
    expect((await programAs(id)).terms).toMatchObject({ status: "changed", latestVersion: 3 });
    expect(await changeMails()).toHaveLength(1);

    const bad = await callRoute("updateProgram", { params: { id }, idToken: admin, body: { watchFor: "words" } as never });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION", message: "watchFor must be 'text' or 'figures'" });
  });

  it("starts a new series for a new terms address, and a deleted program's versions go with it", async () => {
    const id = await watchedProgram("old", 8);
    await setTermsPage("new", termsHtml("90,000"));
    await runJob(admin, RUN);
    await call("PATCH", `/api/programs/${id}`, { idToken: admin, body: { termsUrl: termsPageUrl("new", 8) } });
    expect((await programAs(id)).terms).toMatchObject({ status: "watching", latestVersion: null });
    await runJob(admin, RUN);
    expect((await programAs(id)).terms).toMatchObject({ status: "watching", reviewedVersion: 2, latestVersion: 2 });
    expect((await termsOf(id)).versions.map((v) => [v.version, v.url])).toEqual([[2, termsPageUrl("new", 8)]]);

    expect((await call("DELETE", `/api/programs/${id}`, { idToken: admin })).status).toBe(204);
    expect((await callRoute("getProgramTerms", { params: { id }, idToken: admin })).status).toBe(404);
  });

  it("is the admin's: members never see a program's terms state, and cannot start the watch", async () => {
    const id = await watchedProgram("private", 9);
    await runJob(admin, RUN);
    expect((await programAs(id)).terms).toBeTruthy();
    const asMember = await programAs(id, alice);
    expect(asMember).toBeDefined();
    expect("terms" in asMember).toBe(false);
    expect((await callRoute("runTermsWatch", { idToken: alice })).status).toBe(403);
    expect((await callRoute("getProgramTerms", { params: { id }, idToken: alice })).status).toBe(403);
    // a program without a terms address, or not approved, has no terms state
    const plain = await createProgramAs(admin, "Plain card");
    expect((await programAs(plain.id)).terms).toBeNull();
  });

  it("the daily schedule starts the same job, and leaves a running one to finish", async () => {
    const running = await createJob("terms-watch", { trigger: "admin", actorUid: null }, new Date());
    expect(await startScheduledTermsWatch(new Date())).toBe(running);
    expect((await readJob(running))?.state).toBe("running");
  });
});
