import { beforeEach, describe, expect, it } from "vitest";
import type { OwnLinkStatsResponse } from "@hub/contract/analytics";
import { addDays, utcDay } from "@hub/contract/dates";
import { db } from "../../src/platform/db";
import { createJob, readJob } from "../../src/jobs/jobs.store";
import { runJobSlice } from "../../src/jobs/job-runner";
import { startScheduledWeeklyDigest, weeklyDigestSlice } from "../../src/digest/digest-job.service";
import type { OutgoingMail } from "../../src/platform/mailer";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { clearInbox, headersOf, latestMailTo, mailsTo } from "../../../testing/inbox";
import { addSubscriber, followJob, runJob, stripeLocal } from "../../../testing/jobs";
import { signInMember } from "../../../testing/members";
import { productionLikeDeps } from "../../../testing/in-process-app";
import { seedOutcome } from "../../../testing/outcomes";
import { addLink, visitMany } from "../../../testing/rotation";
import { LOCAL_VISITOR_COOKIE_SECRET } from "../../../testing/suite-config";
import { suite } from "../../../testing/suite-env";

/**
 * The weekly digest (docs/architecture.md, *The weekly digest*, *Mail at most once*): on Monday each approved member
 * with a link gets one e-mail of last week's visits and fair share per link, the outcomes they
 * recorded, caps, snoozes, offers ending soon and failing links; with a signed one-click unsubscribe
 * (RFC 8058) that works signed out. A member who opted out, or has no link, gets none; a second run
 * in the same week, or a retried slice, sends nothing again.
 */

let admin: string;
let alice: string;
let tom: string;
const ALICE = "active@example.com";
const TOM = "trialing@example.com";
/** A member whose subscription ends in a test; unique per run, since the Stripe fake keeps its customers. */
const LAPSING = `lapsing-${Date.now().toString(36)}@example.com`;
const DIGEST = /^Your referral week/;

beforeEach(async () => {
  await resetEmulators();
  await clearInbox();
  ({ admin, alice, tom } = await signInActors());
  // the digest goes to approved members
  for (const username of [ALICE, TOM]) expect((await callRoute("approveUser", { params: { username }, idToken: admin })).status).toBe(200);
});

/** 08:00 UTC on the Monday after today: its digest covers the week that holds today. */
function nextMondayMorning(now = new Date()): Date {
  const days = (8 - now.getUTCDay()) % 7 || 7;
  return new Date(`${addDays(utcDay(now), days)}T08:00:00Z`);
}

/** Runs the digest in this process at `now`, slice after slice as the queue would, capturing its mails. */
async function runDigestAt(now: Date, fail = false) {
  const sent: OutgoingMail[] = [];
  const deps = productionLikeDeps(suite.stripeUrl, {
    now: () => now,
    mailer: {
      send: async (mail) => {
        if (fail) throw new Error("mail server down");
        sent.push(mail);
      },
    },
  });
  const jobId = await createJob("weekly-digest", { trigger: "admin", actorUid: null }, now);
  for (let i = 0; i < 50 && (await readJob(jobId))!.state === "running"; i++) {
    await runJobSlice(deps, jobId, false, () => Promise.resolve(weeklyDigestSlice));
  }
  return { sent, job: (await readJob(jobId))!, deps };
}

const approve = (id: string) => callRoute("approveLink", { params: { id }, idToken: admin });

/** A figure of visits as the digest words it: "1 visit", "2.5 visits". */
function visitsIn(figure: number): string {
  const printed = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }).format(figure);
  return `${printed} ${printed === "1" ? "visit" : "visits"}`;
}

describe("the weekly digest", () => {
  it("tells a member last week's visits and fair share per link, their outcomes, caps, snoozes, offers ending and failing links", async () => {
    const monday = nextMondayMorning();
    const weekStart = addDays(utcDay(monday), -7);
    const cashback = await createProgramAs(admin, "Cashback Card");
    const travel = await createProgramAs(admin, "Travel Points");
    const cashbackLink = await submitOwnLink(alice, cashback.id, "https://refer.example.com/alice-cashback");
    const travelLink = await submitOwnLink(alice, travel.id, "https://refer.example.com/alice-travel");
    await approve(cashbackLink.id);
    await approve(travelLink.id);
    await addLink(admin, cashback.id, "owner0@example.com");
    await visitMany(cashback.id, 6);
    const stats = (await callRoute("ownLinkStats", { idToken: alice, query: { timeFilter: "7d" } })).body as OwnLinkStatsResponse;
    const cashbackStats = stats.links.find((l) => l.linkId === cashbackLink.id)!;
    expect(cashbackStats.visits).toBeGreaterThan(0);

    // the rules and states other parts of the hub write, stored as they store them
    const endsOn = addDays(utcDay(monday), 5);
    await db()
      .collection("programs")
      .doc(cashback.id)
      .update({ referrerCap: { count: 3, period: "calendar-year" }, offerEndsOn: endsOn });
    await db()
      .collection("programs")
      .doc(travel.id)
      .update({ offerEndsOn: addDays(utcDay(monday), 30) });
    const snoozedUntil = addDays(utcDay(monday), 10);
    await db().collection("referral_links").doc(travelLink.id).update({ snoozedUntil, failing: true, "health.status": "failing" });
    const recordedAt = new Date(`${weekStart}T12:00:00Z`);
    await seedOutcome({
      email: ALICE,
      linkId: cashbackLink.id,
      kind: "paid",
      occurredOn: weekStart,
      amount: 150,
      currency: "USD",
      recordedAt,
    });
    await seedOutcome({
      email: ALICE,
      linkId: travelLink.id,
      kind: "signed-up",
      occurredOn: addDays(weekStart, -9),
      recordedAt: new Date(`${addDays(weekStart, -8)}T12:00:00Z`),
    });

    const { sent, job } = await runDigestAt(monday);
    expect(job).toMatchObject({ state: "done", summary: { sent: 1, failed: 0 } });
    const mine = sent.filter((m) => m.to === ALICE);
    expect(mine).toHaveLength(1);
    const { text, html, headers } = mine[0]!;
    expect(text).toContain(`${weekStart} to ${addDays(weekStart, 6)}`);
    expect(text).toContain(
      `Cashback Card: ${visitsIn(cashbackStats.visits)}; a fair share would have been ${visitsIn(cashbackStats.fairShare)}`,
    );
    expect(text).toContain("Travel Points: 0 visits; a fair share would have been 0 visits");
    expect(text).toContain("Cap: 1 of 3 paid referrals");
    expect(text).toContain(`Snoozed until ${snoozedUntil}`);
    expect(text).toContain("Failing: out of the rotation");
    expect(text).toContain(`Paid on ${weekStart}, Cashback Card: $150.00 USD`);
    expect(text).toContain("Earned this week: $150.00 USD");
    // outcomes recorded before last week are not last week's news
    expect(text).not.toContain("Signed up on");
    // offers ending in the next 14 days, not later ones
    expect(text).toContain(`Cashback Card — The offer ends on ${endsOn}`);
    expect(text).not.toContain("Travel Points — The offer ends on");
    expect(html).toContain("Cashback Card");
    expect(text).toMatch(/https:\/\/hub\.example\.com\/unsubscribe\?token=[\w.-]+/);
    expect(headers?.["List-Unsubscribe"]).toMatch(/^<https:\/\/hub\.example\.com\/api\/public\/unsubscribe\?token=[\w.-]+>/);
    expect(headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Tom has no link: nothing to say to him
    expect(sent.filter((m) => m.to === TOM)).toHaveLength(0);
  }, 120_000);

  it("skips a member who turned it off, and one without a link", async () => {
    const program = await createProgramAs(admin, "Cashback Card");
    await approve((await submitOwnLink(alice, program.id)).id);
    expect((await callRoute("getProfile", { idToken: alice })).body).toMatchObject({ weeklyDigest: true });
    const off = await callRoute("updateProfile", { idToken: alice, body: { weeklyDigest: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ email: ALICE, weeklyDigest: false });
    expect((await callRoute("getProfile", { idToken: alice })).body).toMatchObject({ weeklyDigest: false });
    const bad = await call("PATCH", "/api/user/profile", { idToken: alice, body: { weeklyDigest: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION", message: "weeklyDigest must be true or false" });
    expect((await callRoute("getProfile", { idToken: alice })).body).toMatchObject({ weeklyDigest: false });

    const { sent, job } = await runDigestAt(nextMondayMorning());
    expect(sent).toHaveLength(0);
    expect(job.summary).toMatchObject({ sent: 0, failed: 0 });
    expect(job.summary!.skipped).toBeGreaterThanOrEqual(2); // alice (off) and tom (no link)

    // on again: the next run mails her
    await callRoute("updateProfile", { idToken: alice, body: { weeklyDigest: true } });
    expect((await runDigestAt(nextMondayMorning())).sent.map((m) => m.to)).toEqual([ALICE]);
  }, 90_000);

  it("skips a member whose subscription lapsed, as it skips a blocked one", async () => {
    const program = await createProgramAs(admin, "Cashback Card");
    await approve((await submitOwnLink(alice, program.id)).id);
    // a subscriber of their own (the Stripe fake outlives each test's reset: the usual actors stay as they are)
    const stripe = stripeLocal.sdk();
    await addSubscriber(stripe, LAPSING, "active");
    const lapsing = await signInMember(LAPSING);
    expect((await callRoute("approveUser", { params: { username: LAPSING }, idToken: admin })).status).toBe(200);
    await approve((await submitOwnLink(lapsing, program.id)).id);
    // the subscription ends, and the admin's check stores it: the member's links leave the rotation
    const customer = (await stripe.customers.list({ email: LAPSING })).data[0]!;
    for (const sub of (await stripe.subscriptions.list({ customer: customer.id })).data) await stripe.subscriptions.cancel(sub.id);
    expect((await call("POST", `/api/admin/check-subscription/${LAPSING}`, { idToken: admin })).body).toMatchObject({ isActive: false });

    const { sent, job } = await runDigestAt(nextMondayMorning());
    expect(sent.map((m) => m.to)).toEqual([ALICE]);
    expect(job.summary).toMatchObject({ sent: 1, failed: 0 });
  }, 90_000);

  it("a slice retried after its mails were claimed sends none again", async () => {
    const program = await createProgramAs(admin, "Cashback Card");
    await approve((await submitOwnLink(alice, program.id)).id);
    await approve((await submitOwnLink(tom, program.id, "https://refer.example.com/tom")).id);
    const monday = nextMondayMorning();
    const sent: OutgoingMail[] = [];
    const deps = productionLikeDeps(suite.stripeUrl, { now: () => monday, mailer: { send: async (m) => void sent.push(m) } });
    const jobId = await createJob("weekly-digest", { trigger: "admin", actorUid: null }, monday);
    const job = (await readJob(jobId))!;
    // the same slice twice from the same stored cursor, as the queue retries one whose end was lost
    await weeklyDigestSlice(deps, job, Date.now() + 30_000);
    await weeklyDigestSlice(deps, job, Date.now() + 30_000);
    expect(sent.map((m) => m.to).sort()).toEqual([ALICE, TOM]);
  }, 60_000);

  it("a mail the server refuses is counted failed and not sent again by a later run", async () => {
    const program = await createProgramAs(admin, "Cashback Card");
    await approve((await submitOwnLink(alice, program.id)).id);
    const monday = nextMondayMorning();
    expect((await runDigestAt(monday, true)).job.summary).toMatchObject({ sent: 0, failed: 1 });
    expect((await runDigestAt(monday)).sent).toHaveLength(0);
  }, 60_000);

  it("the Monday schedule starts the same job, and leaves a running one to finish", async () => {
    const program = await createProgramAs(admin, "Cashback Card");
    await approve((await submitOwnLink(alice, program.id)).id);
    // an admin's run, still running (its slices are run here, below)
    const now = new Date();
    const running = await createJob("weekly-digest", { trigger: "admin", actorUid: null }, now);
    expect(await startScheduledWeeklyDigest(now)).toBe(running);
    const sent: OutgoingMail[] = [];
    // the suite's secret, so that its claim is the one the queue's run finds
    const deps = productionLikeDeps(suite.stripeUrl, {
      keyedHashSecret: LOCAL_VISITOR_COOKIE_SECRET,
      mailer: { send: async (m) => void sent.push(m) },
    });
    await runJobSlice(deps, running, false, () => Promise.resolve(weeklyDigestSlice));
    expect((await readJob(running))!).toMatchObject({ state: "done", summary: { sent: 1 } });
    // the schedule's own run, on the queue: the week's mail went already
    const scheduled = (await startScheduledWeeklyDigest(new Date()))!;
    expect(scheduled).not.toBe(running);
    expect((await followJob(admin, scheduled)).at(-1)).toMatchObject({ kind: "weekly-digest", state: "done", summary: { sent: 0 } });
    expect(sent.map((m) => m.to)).toEqual([ALICE]);
    expect((await mailsTo(ALICE)).filter((m) => DIGEST.test(m.subject))).toHaveLength(0);
  }, 60_000);

  it("run twice in a week it mails once; its one-click unsubscribe works signed out; a forged link is refused", async () => {
    const program = await createProgramAs(admin, "Cashback Card");
    await approve((await submitOwnLink(alice, program.id)).id);

    expect(await runJob(admin, "runWeeklyDigest")).toMatchObject({ kind: "weekly-digest", state: "done", summary: { sent: 1, failed: 0 } });
    expect(await runJob(admin, "runWeeklyDigest")).toMatchObject({ state: "done", summary: { sent: 0, failed: 0 } });
    expect((await mailsTo(ALICE)).filter((m) => DIGEST.test(m.subject))).toHaveLength(1);
    const mail = await latestMailTo(ALICE, DIGEST);
    const headers = await headersOf(mail);
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(https?:\/\/[^>]+\/api\/public\/unsubscribe\?token=([\w.-]+))>/.exec(headers["list-unsubscribe"] ?? "");
    expect(oneClick, headers["list-unsubscribe"]).not.toBeNull();
    const [, oneClickUrl, token] = oneClick!;
    expect(mail.text).toContain(`/unsubscribe?token=${token!}`);

    // a forged token: the member's id with another signature, or another id with hers
    const [uid, signature] = token!.split(".");
    const tomUid = (await db().collection("users").where("email", "==", TOM).get()).docs[0]!.id;
    for (const forged of [`${uid!}.${signature!.slice(0, -2)}AA`, `${tomUid}.${signature!}`, "nonsense"]) {
      const res = await callRoute("unsubscribe", { body: { token: forged } });
      expect(res.status, forged).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION", message: "Unsubscribe link is invalid" });
    }
    expect((await callRoute("getProfile", { idToken: alice })).body).toMatchObject({ weeklyDigest: true });

    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form to the header's address, signed out
    const form = await fetch(oneClickUrl!.replace(/^https?:\/\/[^/]+/, suite.appUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(form.status).toBe(200);
    expect(await form.json()).toEqual({ unsubscribed: true });
    expect((await callRoute("getProfile", { idToken: alice })).body).toMatchObject({ weeklyDigest: false });
    // the page's JSON call, again: the same answer
    const again = await callRoute("unsubscribe", { body: { token: token! } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ unsubscribed: true });
    expect((await callRoute("getProfile", { idToken: tom })).body).toMatchObject({ weeklyDigest: true });
  }, 120_000);
});
