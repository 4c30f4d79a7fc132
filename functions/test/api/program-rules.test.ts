import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, utcDay } from "@hub/contract/dates";
import type { DailySummary } from "@hub/contract/jobs";
import type { Program, PublicProgram } from "@hub/contract/programs";
import type { ReferralLink } from "@hub/contract/links";
import { rotationPath } from "@hub/contract/routes";
import { db } from "../../src/platform/db";
import type { OutgoingMail } from "../../src/platform/mailer";
import type { LinkTestValidation } from "../../src/platform/deps";
import { createJob, readJob } from "../../src/jobs/jobs.store";
import { runJobSlice } from "../../src/jobs/job-runner";
import { dailySlice, startScheduledDailyJob } from "../../src/programs/daily-job.service";
import { linkHealthSlice } from "../../src/links/link-health-job.service";
import { countLinksToCheck } from "../../src/links/links.store";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { clearInbox, latestMailTo, mailsTo } from "../../../testing/inbox";
import { followJob, runJob } from "../../../testing/jobs";
import { productionLikeDeps, serveInProcess } from "../../../testing/in-process-app";
import { addLink, programWithLinks, ROTATION_SETTLE_MS, sleep, visit } from "../../../testing/rotation";
import { suite } from "../../../testing/suite-env";

/**
 * Program rules and offers that end (docs/architecture.md, *Program rules*): the rules
 * an admin sets, what an ended offer does to the rotation, the lists and new links, the counts that
 * follow the date without a write, the daily job, and mail the hub sends on its own sent at most once.
 */

let admin: string;
let alice: string;
let tom: string;

/** The in-process app, whose clock a test moves; its mail is kept here. */
let now = new Date();
const sent: OutgoingMail[] = [];
const deps = productionLikeDeps(suite.stripeUrl, { mailer: { send: async (mail) => void sent.push(mail) }, now: () => now });
let app: Awaited<ReturnType<typeof serveInProcess>>;

beforeAll(async () => {
  app = await serveInProcess(deps);
});
afterAll(() => app.close());
beforeEach(async () => {
  await resetEmulators();
  await clearInbox();
  sent.length = 0;
  now = new Date();
  ({ admin, alice, tom } = await signInActors());
});

const today = () => utcDay(new Date());
const programsAs = async (idToken: string, baseUrl?: string): Promise<Program[]> =>
  (await callRoute("listPrograms", { idToken, ...(baseUrl ? { baseUrl } : {}) })).body;
const programOf = async (id: string, baseUrl?: string) => (await programsAs(admin, baseUrl)).find((p) => p.id === id)!;
const patchProgram = (id: string, body: Record<string, unknown>) => call<Program>("PATCH", `/api/programs/${id}`, { idToken: admin, body });
const adminLinks = async (): Promise<ReferralLink[]> => (await callRoute("listLinks", { idToken: admin })).body;

describe("program rules", () => {
  it("refuses a rule out of range, a day that does not exist and a terms address that is not http(s), changing nothing", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ referrerCap: { count: 0, period: "calendar-year" } }, "Cap must be a whole number from 1 to 1000"],
      [{ referrerCap: { count: 1001, period: "calendar-year" } }, "Cap must be a whole number from 1 to 1000"],
      [{ referrerCap: { count: 1.5, period: "rolling-12-months" } }, "Cap must be a whole number from 1 to 1000"],
      [{ referrerCap: { count: 5, period: "monthly" } }, "Cap period must be 'calendar-year' or 'rolling-12-months'"],
      [{ offerEndsOn: "2026-02-30" }, "Offer end date must be a date (YYYY-MM-DD)"],
      [{ termsUrl: "javascript:alert(1)" }, "Invalid URL"],
    ];
    const existing = await createProgramAs(admin, "Rules Bank");
    for (const [rule, message] of bad) {
      const created = await callRoute("createProgram", { idToken: admin, body: { name: "Bad Rules Bank", ...rule } as never });
      expect(created.status, JSON.stringify(rule)).toBe(400);
      expect(created.text).toContain(message);
      const patched = await patchProgram(existing.id, rule);
      expect(patched.status, JSON.stringify(rule)).toBe(400);
      expect(patched.text).toContain(message);
    }
    const programs = await programsAs(admin);
    expect(programs.map((p) => p.name)).toEqual(["Rules Bank"]);
    expect(programs[0]).toMatchObject({ referrerCap: null, offerEndsOn: null, termsUrl: null, offerEnded: false });
  });

  it("are stored, shown in every program answer and cleared by null", async () => {
    const rules = {
      referrerCap: { count: 5, period: "calendar-year" as const },
      offerEndsOn: "2099-12-31",
      termsUrl: "https://bank.example.com/terms",
    };
    const created = await callRoute("createProgram", { idToken: admin, body: { name: "Capped Bank", ...rules } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...rules, offerEnded: false });
    const id = created.body.id;
    expect(await programOf(id)).toMatchObject(rules);
    // members see them too, and so does the open programs page
    expect((await programsAs(alice)).find((p) => p.id === id)).toMatchObject(rules);
    await callRoute("toggleProgramShared", { params: { id }, idToken: admin, body: { isSharedOnSite: true } });
    const shared = (await call<PublicProgram[]>("GET", "/api/public/programs")).body;
    expect(shared.find((p) => p.id === id)).toMatchObject({ offerEndsOn: "2099-12-31", termsUrl: "https://bank.example.com/terms" });

    const changed = await patchProgram(id, { referrerCap: { count: 2, period: "rolling-12-months" }, termsUrl: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      referrerCap: { count: 2, period: "rolling-12-months" },
      offerEndsOn: "2099-12-31",
      termsUrl: null,
    });
    const cleared = await patchProgram(id, { referrerCap: null, offerEndsOn: null });
    expect(cleared.body).toMatchObject({ referrerCap: null, offerEndsOn: null, termsUrl: null, offerEnded: false });
    expect(await programOf(id)).toMatchObject({ referrerCap: null, offerEndsOn: null, termsUrl: null });
  });

  it("are the admin's: a member's proposal that sets one is refused (403) and nothing is proposed", async () => {
    const refused = await callRoute("createProgram", {
      idToken: alice,
      body: { name: "Members Bank", offerEndsOn: "2099-01-01", termsUrl: "https://bank.example.com/terms" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "FORBIDDEN", message: "Only admins can set program rules" });
    expect(await programsAs(admin)).toEqual([]);
    const proposed = await callRoute("createProgram", { idToken: alice, body: { name: "Members Bank" } });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ approved: false, referrerCap: null, offerEndsOn: null, termsUrl: null });
  });
});

describe("an offer that ends", () => {
  it("sends visitors to the fallback, leaves the open list, takes its links out and refuses new links; a later date reopens it", async () => {
    const { programId, links } = await programWithLinks(admin, 2, { fallbackUrl: "https://bank.example.com/closed" });
    await callRoute("toggleProgramShared", { params: { id: programId }, idToken: admin, body: { isSharedOnSite: true } });
    const other = await createProgramAs(admin, "Open Bank");
    const aliceLink = await submitOwnLink(alice, other.id);

    const ended = await patchProgram(programId, { offerEndsOn: addDays(today(), -1) });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ offerEnded: true, activeLinkCount: 0, linkCount: 2 });
    expect(await programOf(programId)).toMatchObject({ offerEnded: true, activeLinkCount: 0 });
    const mine = (await adminLinks()).filter((l) => l.programId === programId);
    expect(mine.map((l) => l.isActive)).toEqual([false, false]);
    expect((await call<PublicProgram[]>("GET", "/api/public/programs")).body.map((p) => p.id)).not.toContain(programId);

    await sleep(ROTATION_SETTLE_MS);
    const sentOn = await visit(programId);
    expect(sentOn.status).toBe(302);
    expect(sentOn.location).toBe("https://bank.example.com/closed");

    const refusal = { code: "OFFER_ENDED", message: "This offer has ended" };
    const byAdmin = await callRoute("submitLink", {
      idToken: admin,
      body: { programId, name: "Late", email: "late@example.com", link: "https://refer.example.com/late", description: "Offer" },
    });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body).toMatchObject(refusal);
    const byMember = await callRoute("submitOwnLink", {
      idToken: tom,
      body: { programId, link: "https://refer.example.com/tom", description: "Offer" },
    });
    expect(byMember.status).toBe(409);
    expect(byMember.body).toMatchObject(refusal);
    const moved = await callRoute("moveLink", { params: { id: aliceLink.id }, idToken: admin, body: { programId } });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject(refusal);
    expect((await adminLinks()).find((l) => l.id === aliceLink.id)!.programId).toBe(other.id);

    // its last day is today: open again, its links back
    const reopened = await patchProgram(programId, { offerEndsOn: today() });
    expect(reopened.body).toMatchObject({ offerEnded: false, activeLinkCount: 2 });
    expect((await adminLinks()).filter((l) => l.programId === programId).every((l) => l.isActive)).toBe(true);
    expect((await call<PublicProgram[]>("GET", "/api/public/programs")).body.map((p) => p.id)).toContain(programId);
    await sleep(ROTATION_SETTLE_MS);
    expect(links.map((l) => l.url)).toContain((await visit(programId)).location);
    // and null: no end at all
    await patchProgram(programId, { offerEndsOn: addDays(today(), -3) });
    expect((await patchProgram(programId, { offerEndsOn: null })).body).toMatchObject({ offerEnded: false, activeLinkCount: 2 });
    expect(
      (await callRoute("submitOwnLink", { idToken: tom, body: { programId, link: "https://refer.example.com/tom", description: "Offer" } }))
        .status,
    ).toBe(201);
  });

  it("without a fallback answers 410 with a small page that says so and names the program", async () => {
    const program = await createProgramAs(admin, "Closed <Bank>");
    await addLink(admin, program.id, "owner@example.com");
    await patchProgram(program.id, { offerEndsOn: addDays(today(), -1) });
    await sleep(ROTATION_SETTLE_MS);
    const res = await fetch(`${suite.appUrl}${rotationPath(program.id)}`, { redirect: "manual" });
    expect(res.status).toBe(410);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.text();
    expect(body).toContain("The Closed &lt;Bank&gt; offer has ended.");
    expect(body).not.toContain("<Bank>");
  });

  it("ends when its last day is over, with no write: the counts follow the date", async () => {
    const { programId } = await programWithLinks(admin, 2);
    const lastDay = today();
    await patchProgram(programId, { offerEndsOn: lastDay });
    expect(await programOf(programId, app.url)).toMatchObject({ offerEnded: false, activeLinkCount: 2 });
    now = new Date(Date.parse(`${addDays(lastDay, 1)}T00:00:01Z`));
    expect(await programOf(programId, app.url)).toMatchObject({ offerEnded: true, activeLinkCount: 0 });
    const own = await callRoute("listLinks", { idToken: admin, baseUrl: app.url });
    expect(own.body.map((l) => l.isActive)).toEqual([false, false]);
  });
});

/** The daily job run in-process on the test's clock, as the queue runs its slices. */
async function runDailyAt(at: Date): Promise<DailySummary> {
  now = at;
  const jobId = await createJob("daily", { trigger: "admin", actorUid: null }, at, { phase: "applying", total: 0 });
  await runJobSlice(deps, jobId, false, () => Promise.resolve(dailySlice));
  const job = (await readJob(jobId))!;
  expect(job.state).toBe("done");
  return job.summary as DailySummary;
}

describe("the daily job", () => {
  it("recounts a program once a snooze is over and clears the snooze", async () => {
    const { programId, links } = await programWithLinks(admin, 2);
    const day = today();
    // a snooze until the day after tomorrow (the snooze route writes the same field)
    await db()
      .collection("referral_links")
      .doc(links[0]!.id)
      .update({ snoozedUntil: addDays(day, 2) });
    const first = await runDailyAt(new Date(`${day}T00:05:00Z`));
    expect(first.programsRecounted).toBe(1);
    expect((await db().collection("programs").doc(programId).get()).get("activeLinkCount")).toBe(1);

    const second = await runDailyAt(new Date(`${addDays(day, 2)}T00:05:00Z`));
    expect(second).toMatchObject({ programsRecounted: 1, snoozesEnded: 1 });
    expect((await db().collection("referral_links").doc(links[0]!.id).get()).get("snoozedUntil")).toBeNull();
    expect((await db().collection("programs").doc(programId).get()).get("activeLinkCount")).toBe(2);
  });

  it("warns each owner of the program's active links once, seven days before the end, however often it runs", async () => {
    const program = await createProgramAs(admin, "Ending Bank");
    const later = await createProgramAs(admin, "Later Bank");
    const aliceLink = await submitOwnLink(alice, program.id);
    const tomLink = await submitOwnLink(tom, program.id);
    for (const id of [aliceLink.id, tomLink.id]) await callRoute("approveLink", { params: { id }, idToken: admin });
    const paused = await addLink(admin, program.id, "paused@example.com");
    await callRoute("pauseLink", { params: { id: paused.id }, idToken: admin });
    await addLink(admin, program.id, "pending@example.com", false);
    await addLink(admin, later.id, "later@example.com");
    await patchProgram(program.id, { offerEndsOn: addDays(today(), 7) });
    await patchProgram(later.id, { offerEndsOn: addDays(today(), 8) });

    const first = await runJob(admin, "runDaily");
    expect(first).toMatchObject({ kind: "daily", state: "done", summary: { offerWarningsSent: 2, offerWarningsFailed: 0 } });
    const second = await runJob(admin, "runDaily");
    expect(second.summary).toMatchObject({ offerWarningsSent: 0 });

    for (const owner of ["active@example.com", "trialing@example.com"]) {
      await latestMailTo(owner, /Ending Bank/);
      const mails = (await mailsTo(owner)).filter((m) => /Ending Bank/.test(m.subject));
      expect(mails, owner).toHaveLength(1);
      expect(mails[0]!.text).toContain(addDays(today(), 7));
      expect(mails[0]!.text).toContain("Ending Bank");
    }
    for (const owner of ["paused@example.com", "pending@example.com", "later@example.com"]) expect(await mailsTo(owner), owner).toEqual([]);
  });

  it("the 00:05 schedule starts the same job, and leaves a running one to finish", async () => {
    await createProgramAs(admin, "Scheduled Bank");
    // An admin's run whose slice the queue has not run yet: it stays running for as long as the test
    // needs (one started through the route could finish before the schedule fires, on a busy machine).
    now = new Date();
    const running = await createJob("daily", { trigger: "admin", actorUid: null }, now, { phase: "applying", total: 1 });
    const again = await callRoute("runDaily", { idToken: admin });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "JOB_RUNNING", jobId: running });
    expect(await startScheduledDailyJob(new Date())).toBe(running);
    // the queue's slice comes: the admin's run finishes as it would have
    await runJobSlice(deps, running, false, () => Promise.resolve(dailySlice));
    expect(await readJob(running)).toMatchObject({ kind: "daily", state: "done", summary: { programsRecounted: 1 } });
    const scheduled = (await startScheduledDailyJob(new Date()))!;
    expect(scheduled).not.toBe(running);
    expect((await followJob(admin, scheduled)).at(-1)).toMatchObject({ kind: "daily", state: "done" });
  });

  it("a slice the queue retries sends no warning twice", async () => {
    const program = await createProgramAs(admin, "Retried Bank");
    const link = await submitOwnLink(alice, program.id);
    await callRoute("approveLink", { params: { id: link.id }, idToken: admin });
    await patchProgram(program.id, { offerEndsOn: addDays(today(), 3) });
    now = new Date();
    const jobId = await createJob("daily", { trigger: "admin", actorUid: null }, now, { phase: "applying", total: 0 });
    const job = (await readJob(jobId))!;
    // the first attempt sent its mail and died before storing its progress; the retry starts from the same cursor
    await dailySlice(deps, job, Date.now() + 30_000);
    await dailySlice(deps, job, Date.now() + 30_000);
    expect(sent.filter((m) => m.to === "active@example.com")).toHaveLength(1);
    expect(sent[0]!.subject).toContain("Retried Bank");
  });
});

describe("the failing-link notice", () => {
  it("is sent once even when the check is retried after the mail went out", async () => {
    const program = await createProgramAs(admin, "Broken Bank");
    const link = await submitOwnLink(alice, program.id, "https://refer.example.com/gone");
    await callRoute("approveLink", { params: { id: link.id }, idToken: admin });
    const gone: LinkTestValidation = {
      isValid: false,
      responseTime: 5,
      errorMessage: "HTTP 404 Not Found",
      statusCode: 404,
      finalUrl: null,
    };
    const tester = { test: async () => gone };
    const slice = () => Promise.resolve(linkHealthSlice);
    for (let run = 0; run < 2; run++) {
      const jobId = await createJob("link-health", { trigger: "admin", actorUid: null }, new Date(), {
        phase: "testing",
        total: await countLinksToCheck(),
      });
      await runJobSlice({ ...deps, linkTester: tester }, jobId, false, slice);
    }
    expect(sent.filter((m) => /failing/.test(m.subject))).toHaveLength(1);
    // the instance died after handing the mail over and before marking the owner told: the next check's retry
    await db().collection("referral_links").doc(link.id).update({ "health.ownerTold": false });
    const jobId = await createJob("link-health", { trigger: "admin", actorUid: null }, new Date(), {
      phase: "testing",
      total: await countLinksToCheck(),
    });
    await runJobSlice({ ...deps, linkTester: tester }, jobId, false, slice);
    expect(sent.filter((m) => /failing/.test(m.subject))).toHaveLength(1);
  });
});
