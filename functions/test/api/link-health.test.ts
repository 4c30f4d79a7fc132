import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { LinkHealth, LinkTest, ReferralLink } from "@hub/contract/links";
import type { Job } from "@hub/contract/jobs";
import { db } from "../../src/platform/db";
import { createJob, readJob } from "../../src/jobs/jobs.store";
import { runJobSlice } from "../../src/jobs/job-runner";
import { linkHealthSlice, startScheduledLinkHealthCheck } from "../../src/links/link-health-job.service";
import { countLinksToCheck } from "../../src/links/links.store";
import type { LinkTestValidation } from "../../src/platform/deps";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { hostOf, SAME_HOST_GAP_MS } from "../../src/platform/host-turns";
import { reserveHostSlot } from "../../src/platform/host-paces.store";
import { resetEmulators } from "../../../testing/emulators";
import { fixturePage, resetBankPages, setBankPage } from "../../../testing/fixture-site";
import { call, callRoute } from "../../../testing/http";
import { allMails, clearInbox } from "../../../testing/inbox";
import { followJob, runJob, startJob } from "../../../testing/jobs";
import { productionLikeDeps } from "../../../testing/in-process-app";
import { addLink, programWithLinks, ROTATION_SETTLE_MS, sleep, visitMany } from "../../../testing/rotation";
import { suite } from "../../../testing/suite-env";

/**
 * Link health (docs/architecture.md, *Link health*, *Jobs*): every test of a link is recorded; two broken tests in
 * a row take it out of the rotation and e-mail its owner once; inconclusive answers never act; an ok
 * test brings it back. The links point at the local fixture site, which the suite's link tester
 * reaches under a made-up public name (the machine has no internet).
 */

const RUN = "runLinkHealth";
let admin: string;
let alice: string;
let tom: string;

beforeEach(async () => {
  await resetEmulators();
  await resetBankPages();
  await clearInbox();
  ({ admin, alice, tom } = await signInActors());
});
afterAll(() => resetBankPages());

const adminLinks = async (): Promise<ReferralLink[]> => (await callRoute("listLinks", { idToken: admin })).body;
const healthOf = async (id: string): Promise<LinkHealth> => (await adminLinks()).find((l) => l.id === id)!.health;
const activeCount = async (programId: string) =>
  (await call<{ id: string; activeLinkCount: number }[]>("GET", "/api/programs", { idToken: admin })).body.find((p) => p.id === programId)!
    .activeLinkCount;
const adminTest = (id: string) => callRoute("testLink", { params: { id }, idToken: admin, body: {} });
const mailsTo = async (address: string, subject: RegExp) =>
  (await allMails()).filter((m) => m.to.some((t) => t.address === address) && subject.test(m.subject));
const FAILING_MAIL = /failing and out of the rotation/;

/** A program of `healthy` working links plus one of active@example.com (alice) at `url`. */
async function programWithAliceAt(url: string, healthy = 2) {
  const { programId, links } = await programWithLinks(admin, healthy);
  for (const link of links) await call("PATCH", `/api/links/${link.id}`, { idToken: admin, body: { link: fixturePage("/offer") } });
  const own = await submitOwnLink(alice, programId, url);
  await call("POST", `/api/links/${own.id}/approve`, { idToken: admin });
  return { programId, aliceLink: own.id, others: links.map((l) => l.id) };
}

describe("link health", () => {
  it("a link at a missing page, broken twice by the check, leaves the rotation and its owner gets one e-mail", async () => {
    const { programId, aliceLink } = await programWithAliceAt(fixturePage("/expired"));
    expect(await activeCount(programId)).toBe(3);

    const first = await runJob(admin, RUN);
    expect(first).toMatchObject({
      kind: "link-health",
      state: "done",
      summary: { tested: 3, ok: 2, broken: 1, inconclusive: 0, failing: 0 },
    });
    expect(await healthOf(aliceLink)).toMatchObject({
      status: "unknown",
      consecutiveBroken: 1,
      lastTest: { outcome: "broken", status: 404 },
    });
    expect(await activeCount(programId)).toBe(3);

    const second = await runJob(admin, RUN);
    expect(second.summary).toMatchObject({ tested: 3, broken: 1, failing: 1 });
    const health = await healthOf(aliceLink);
    expect(health).toMatchObject({ status: "failing", consecutiveBroken: 2 });
    expect(health.tests.map((t) => t.outcome)).toEqual(["broken", "broken"]);
    expect(await activeCount(programId)).toBe(2);
    await sleep(ROTATION_SETTLE_MS);
    const sent = await visitMany(programId, 12);
    expect(sent.has(fixturePage("/expired"))).toBe(false);
    expect([...sent.values()].reduce((a, b) => a + b, 0)).toBe(12);

    // a third broken test keeps it out, and tells nobody again
    await runJob(admin, RUN);
    const mails = await mailsTo("active@example.com", FAILING_MAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("HTTP 404 Not Found");
    expect(mails[0]!.text).toContain(`${suite.appUrl}/dashboard`);
    // the member sees it too
    const own = (await call<ReferralLink[]>("GET", "/api/user/links", { idToken: alice })).body;
    expect(own[0]!.health).toMatchObject({ status: "failing", consecutiveBroken: 3 });
  }, 120_000);

  it("an inconclusive answer (a bot wall, a server error) never takes a link out, nor breaks a run of broken tests", async () => {
    const { programId, aliceLink } = await programWithAliceAt(fixturePage("/blocked"), 1);
    for (let i = 0; i < 3; i++) expect((await adminTest(aliceLink)).status).toBe(200);
    expect(await healthOf(aliceLink)).toMatchObject({
      status: "unknown",
      consecutiveBroken: 0,
      lastTest: { outcome: "inconclusive", status: 403 },
    });
    await call("PATCH", `/api/links/${aliceLink}`, { idToken: admin, body: { link: fixturePage("/bank/alice") } });
    await setBankPage("alice", 404);
    await adminTest(aliceLink);
    await setBankPage("alice", 503);
    await adminTest(aliceLink);
    expect(await healthOf(aliceLink)).toMatchObject({
      status: "unknown",
      consecutiveBroken: 1,
      lastTest: { outcome: "inconclusive", status: 503 },
    });
    expect(await activeCount(programId)).toBe(2);
    await setBankPage("alice", 404);
    await adminTest(aliceLink);
    expect(await healthOf(aliceLink)).toMatchObject({ status: "failing", consecutiveBroken: 2 });
    expect(await activeCount(programId)).toBe(1);
  });

  it("the member's test of their fixed link brings it back at once; 5 an hour, then 429", async () => {
    const { programId, aliceLink } = await programWithAliceAt(fixturePage("/bank/alice"), 1);
    await setBankPage("alice", 410);
    await adminTest(aliceLink);
    await adminTest(aliceLink);
    expect(await activeCount(programId)).toBe(1);

    // someone else's link is not found, and costs its owner nothing
    expect((await call("POST", `/api/user/links/${aliceLink}/test`, { idToken: tom, body: {} })).status).toBe(404);

    await setBankPage("alice", 200);
    const fixed = await call<LinkTest>("POST", `/api/user/links/${aliceLink}/test`, { idToken: alice, body: {} });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ outcome: "ok", status: 200 });
    expect(await healthOf(aliceLink)).toMatchObject({ status: "healthy", consecutiveBroken: 0 });
    expect(await activeCount(programId)).toBe(2);

    for (let i = 0; i < 4; i++)
      expect((await call("POST", `/api/user/links/${aliceLink}/test`, { idToken: alice, body: {} })).status).toBe(200);
    const limited = await call("POST", `/api/user/links/${aliceLink}/test`, { idToken: alice, body: {} });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a member has 5 tests an hour across all their links, whatever they delete and resubmit", async () => {
    const first = await createProgramAs(admin, "First Bank");
    const second = await createProgramAs(admin, "Second Bank");
    const a = await submitOwnLink(alice, first.id, fixturePage("/offer"));
    const b = await submitOwnLink(alice, second.id, fixturePage("/offer"));
    const test = (id: string, idToken = alice) => call("POST", `/api/user/links/${id}/test`, { idToken, body: {} });
    for (const id of [a.id, a.id, a.id, b.id, b.id]) expect((await test(id)).status).toBe(200);
    const limited = await test(b.id);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "RATE_LIMITED", message: "You can test your links 5 times an hour." });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // deleting and resubmitting a link does not give the member new tests
    expect((await call("DELETE", `/api/user/links/${a.id}`, { idToken: alice })).status).toBe(204);
    const again = await submitOwnLink(alice, first.id, fixturePage("/offer"));
    expect((await test(again.id)).status).toBe(429);
    // another member's tests are their own
    const tomLink = await submitOwnLink(tom, first.id, fixturePage("/offer"));
    expect((await test(tomLink.id, tom)).status).toBe(200);
  });

  it("members' tests of links at one host are paced like the check: one at a time, a second apart", async () => {
    const program = await createProgramAs(admin, "Paced Bank");
    const aliceLink = await submitOwnLink(alice, program.id, fixturePage("/offer"));
    const tomLink = await submitOwnLink(tom, program.id, fixturePage("/offer"));
    const started = Date.now();
    const answers = await Promise.all([
      call("POST", `/api/user/links/${aliceLink.id}/test`, { idToken: alice, body: {} }),
      call("POST", `/api/user/links/${tomLink.id}/test`, { idToken: tom, body: {} }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // the second request to the host could not start before a gap after the first one started
    expect(Date.now() - started).toBeGreaterThanOrEqual(SAME_HOST_GAP_MS);
  });

  it("every fetcher takes its turn at a host from one pacing: a host another holds refuses a person's tests", async () => {
    const program = await createProgramAs(admin, "Held Bank");
    const aliceLink = await submitOwnLink(alice, program.id, fixturePage("/offer"));
    // another fetcher of the hub (the check, the terms watch) holds the host for the next 30 seconds
    await reserveHostSlot(hostOf(fixturePage("/offer")), 30_000, 60_000);
    const busy = "Many links at this site are being tested right now. Please try again shortly.";
    const member = await call("POST", `/api/user/links/${aliceLink.id}/test`, { idToken: alice, body: {} });
    expect(member.status).toBe(429);
    expect(member.body).toMatchObject({ code: "RATE_LIMITED", message: busy });
    expect(Number(member.headers.get("retry-after"))).toBeGreaterThan(15);
    const single = await call("POST", `/api/admin/test-referral-link/${aliceLink.id}`, { idToken: admin, body: {} });
    expect(single.status).toBe(429);
    const bulk = await callRoute("bulkUpdateLinks", { idToken: admin, body: { ids: [aliceLink.id], op: "test" } });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ updated: 0, failed: [{ id: aliceLink.id, message: busy }] });
    // no test of the link was made or recorded meanwhile
    const [link] = (await call("GET", "/api/user/links", { idToken: alice })).body as ReferralLink[];
    expect(link!.health.tests).toEqual([]);
  });

  it("the admin's bulk test says how many links passed, failed and could not be tested", async () => {
    const { links } = await programWithLinks(admin, 4);
    const pages = ["/offer", "/expired", "/blocked", "/unavailable"];
    for (const [i, link] of links.entries())
      await call("PATCH", `/api/links/${link.id}`, { idToken: admin, body: { link: fixturePage(pages[i]!) } });
    const res = await callRoute("bulkUpdateLinks", {
      idToken: admin,
      body: { ids: [...links.map((l) => l.id), "missing"], op: "test" },
    });
    expect(res.status).toBe(200);
    // every test that ran is "updated"; what it found is counted apart: 404 broken, 403 and 503 inconclusive
    expect(res.body).toEqual({
      updated: 4,
      failed: [{ id: "missing", message: "Link not found" }],
      tested: { ok: 1, broken: 1, inconclusive: 2 },
    });
  });

  it("a new address starts its health afresh", async () => {
    const { aliceLink } = await programWithAliceAt(fixturePage("/expired"), 0);
    await adminTest(aliceLink);
    await adminTest(aliceLink);
    expect((await healthOf(aliceLink)).status).toBe("failing");
    const edited = await call<ReferralLink>("PATCH", `/api/user/links/${aliceLink}`, {
      idToken: alice,
      body: { link: fixturePage("/offer") },
    });
    expect(edited.body.health).toEqual({ status: "unknown", lastTest: null, consecutiveBroken: 0, tests: [] });
  });
});

describe("the link-health job", () => {
  it("shows its progress, runs one at a time, and only members' approved links no admin took out", async () => {
    const { programId, others } = await programWithAliceAt(fixturePage("/offer"), 11);
    const paused = others[0]!;
    await call("POST", `/api/links/${paused}/pause`, { idToken: admin });
    await addLink(admin, programId, "pending@example.com", false);

    const jobId = await startJob(admin, RUN);
    const again = await callRoute(RUN, { idToken: admin });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "JOB_RUNNING", jobId });
    const seen = await followJob(admin, jobId, 90_000);
    const running = seen.filter((j) => j.state === "running");
    expect(running.every((j) => j.phase === "testing" && j.total === 11)).toBe(true);
    expect(running.some((j) => j.done > 0 && j.done < 11)).toBe(true);
    expect(seen.at(-1)).toMatchObject({
      state: "done",
      phase: "finished",
      done: 11,
      total: 11,
      summary: { tested: 11, ok: 11, broken: 0, failing: 0 },
    });
    expect((await healthOf(paused)).tests).toHaveLength(0);
  }, 120_000);

  it("the 6-hourly schedule starts the same job, and leaves a running one to finish", async () => {
    await programWithAliceAt(fixturePage("/offer"), 3);
    const running = await startJob(admin, RUN);
    expect(await startScheduledLinkHealthCheck(new Date())).toBe(running);
    const end = (await followJob(admin, running)).at(-1)!;
    expect(end).toMatchObject({ state: "done", summary: { tested: 4 } });
    const scheduled = (await startScheduledLinkHealthCheck(new Date()))!;
    expect(scheduled).not.toBe(running);
    expect((await followJob(admin, scheduled)).at(-1)).toMatchObject({ kind: "link-health", state: "done", summary: { tested: 4, ok: 4 } });
  }, 90_000);

  it("resumes after a crash from where it stood: no link is tested twice", async () => {
    const { programId } = await programWithLinks(admin, 0);
    for (let i = 0; i < 14; i++) await addLink(admin, programId, `owner${String(i)}@example.com`);
    const deps = productionLikeDeps(suite.stripeUrl);
    let tests = 0;
    const gone: LinkTestValidation = {
      isValid: false,
      responseTime: 5,
      errorMessage: "HTTP 404 Not Found",
      statusCode: 404,
      finalUrl: null,
    };
    const crashesAfter = (n: number) => ({
      test: async () => {
        if (++tests > n) throw new Error("instance lost");
        return gone;
      },
    });
    const now = new Date();
    const jobId = await createJob("link-health", { trigger: "admin", actorUid: null }, now, {
      phase: "testing",
      total: await countLinksToCheck(),
    });
    const slice = () => Promise.resolve(linkHealthSlice);
    // the first attempt dies half-way through its second chunk; the queue's retry starts from the stored cursor
    await expect(runJobSlice({ ...deps, linkTester: crashesAfter(13) }, jobId, false, slice)).rejects.toThrow("instance lost");
    // the first chunk's 10 and the 3 of the second recorded before the crash
    expect(await readJob(jobId)).toMatchObject({ state: "running", done: 13 });
    tests = 0;
    await runJobSlice({ ...deps, linkTester: crashesAfter(100) }, jobId, false, slice);
    expect(tests).toBe(1);
    const end = (await readJob(jobId))!;
    expect(end).toMatchObject({
      state: "done",
      done: 14,
      summary: { tested: 14, broken: 14, failing: 0 } satisfies Partial<NonNullable<Job["summary"]>>,
    });
    const links = await db().collection("referral_links").where("programId", "==", programId).get();
    expect(links.docs.map((d) => (d.get("health.tests") as unknown[]).length)).toEqual(Array(14).fill(1));
  }, 60_000);
});
