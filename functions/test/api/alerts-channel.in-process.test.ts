import { TaskQueue } from "firebase-admin/functions";
import { Timestamp } from "firebase-admin/firestore";
import { logger } from "firebase-functions";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALERT_EVENTS, WEBHOOK_URL_RULE, type AlertEvent, type UpdateAlertsRequest } from "@hub/contract/alerts";
import { activityIn } from "../../src/accounts/audit.store";
import type { AlertChangeRecorderFor } from "../../src/alerts/alerts.routes";
import { alertsRoutes } from "../../src/alerts/alerts.routes";
import { alertSettings, changeAlertSettings, maskedWebhookUrl, raiseAlert, sendTestAlert } from "../../src/alerts/alerts.service";
import {
  ALERT_DELIVERIES_TTL,
  changeAlertChannel,
  createDeliveryOnce,
  enqueueDelivery,
  leaseDelivery,
  readAlertChannel,
  readDelivery,
  recordAttempt,
  recordLastDelivery,
  type AlertMessage,
} from "../../src/alerts/alerts.store";
import { isAllowedWebhookUrl } from "../../src/links/link-tester";
import { ApiError } from "../../src/platform/api-error";
import { COLLECTIONS, db } from "../../src/platform/db";
import type { AppDeps } from "../../src/platform/deps";
import { resetEmulators } from "../../../testing/emulators";

/*
 * The alerts channel as an admin and the hub's jobs use it, in this process against the suite's
 * Firestore: the settings the panel shows (the address masked, the secret once), what a change stores
 * and records in the activity log, the test alert, an alert raised once (or once in a while), and the
 * delivery documents the queue works on. Cloud Tasks is the one thing stood in for: the tasks the hub
 * hands to the queue are kept here instead (what queue, which delivery, how long from now), so the
 * emulator's own functions never run them behind the test's back.
 */

const DAY_MS = 86_400_000;
const HOOK = "https://hooks.receiver.example/services/T000/B000/secretPathXYZ9";
const OTHER_HOOK = "https://other.receiver.example/in/abcd1234";
const webhooks = {
  isAllowedUrl: (url: string) => isAllowedWebhookUrl(url),
  post: () => Promise.reject(new Error("this file posts nothing")),
};
const T0 = new Date("2026-03-10T12:00:00.250Z");
const MESSAGE: AlertMessage = {
  text: "Gold card: its terms changed",
  url: "https://hub.example/admin?terms=p1",
  data: { programId: "p1" },
};

interface Task {
  queue: string;
  data: unknown;
  options: { scheduleDelaySeconds?: number; dispatchDeadlineSeconds?: number } | undefined;
}
let tasks: Task[];

beforeEach(async () => {
  await resetEmulators();
  tasks = [];
  vi.spyOn(TaskQueue.prototype, "enqueue").mockImplementation(function (this: TaskQueue, data, options) {
    tasks.push({ queue: (this as unknown as { functionName: string }).functionName, data, options });
    return Promise.resolve();
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const channelDoc = async () => (await db().collection(COLLECTIONS.alertChannel).doc("current").get()).data();
const deliveryDocs = async () => (await db().collection(COLLECTIONS.alertDeliveries).get()).docs;
const auditEntries = async () => (await db().collection(COLLECTIONS.auditLog).get()).docs.map((d) => d.data());

const ADMIN_CALLER = { uid: "admin-1", user: { email: "admin@example.com" } };
/** What the composition root (app.ts) gives: the change recorded in the activity log, in its transaction. */
const recorderFor: AlertChangeRecorderFor = (caller) => (tx, details) =>
  activityIn(tx, {
    actor: { uid: caller.uid, role: "admin", email: caller.user.email },
    action: "alerts.change",
    target: { kind: "settings", id: "alerts", label: "Alerts channel" },
    details,
  });
const change = (body: UpdateAlertsRequest) => changeAlertSettings({ webhooks }, body, recorderFor(ADMIN_CALLER));

describe("the address as the panel shows it", () => {
  it("shows the host (and its port) and the path's last four characters behind a mask, never the query", () => {
    expect(maskedWebhookUrl("https://discord.com/api/webhooks/123/abcdefgh")).toBe("https://discord.com/••••efgh");
    expect(maskedWebhookUrl("https://hooks.example:8443/in/xyz?token=secret")).toBe("https://hooks.example:8443/••••/xyz");
    expect(maskedWebhookUrl("https://hooks.example/a")).toBe("https://hooks.example/••••/a");
  });

  it("shows a bare host as it is: there is no path to hide", () => {
    expect(maskedWebhookUrl("https://hooks.example")).toBe("https://hooks.example/");
    expect(maskedWebhookUrl("https://hooks.example/?key=1")).toBe("https://hooks.example/");
  });
});

describe("the channel's settings", () => {
  it("are off before an admin sets them: no address, every event, nothing delivered, no secret", async () => {
    expect(await alertSettings()).toEqual({ webhookUrl: null, events: [...ALERT_EVENTS], lastDelivery: null });
    expect(await channelDoc()).toBeUndefined();
  });

  it("read what is stored sensibly, whatever else the document holds", async () => {
    await db()
      .collection(COLLECTIONS.alertChannel)
      .doc("current")
      .set({
        webhookUrl: 42,
        events: ["link-failing", "no-such-event", 7, "terms-changed"],
        signingSecret: { not: "a string" },
        lastDelivery: { at: "2026-03-01T00:00:00.000Z", event: "test", ok: true, status: "200" },
      });
    expect(await readAlertChannel()).toEqual({
      webhookUrl: null,
      events: ["link-failing", "terms-changed"],
      signingSecret: null,
      lastDelivery: { at: "2026-03-01T00:00:00.000Z", event: "test", ok: true, status: null },
    });
    await db().collection(COLLECTIONS.alertChannel).doc("current").set({ events: "terms-changed", lastDelivery: "yesterday" });
    expect(await readAlertChannel()).toMatchObject({ events: [...ALERT_EVENTS], lastDelivery: null });
  });

  it.each([
    ["no time", { event: "test", ok: true, status: 200 }],
    ["no event", { at: "2026-03-01T00:00:00.000Z", ok: true, status: 200 }],
    ["no outcome", { at: "2026-03-01T00:00:00.000Z", event: "test", ok: "yes", status: 200 }],
  ])("show no last delivery for a stored one with %s", async (_, lastDelivery) => {
    await db().collection(COLLECTIONS.alertChannel).doc("current").set({ webhookUrl: HOOK, lastDelivery });
    expect((await alertSettings()).lastDelivery).toBeNull();
  });

  it("show the address masked, the events and the last delivery, never the secret", async () => {
    await changeAlertChannel(() => ({ webhookUrl: HOOK, events: ["terms-changed"], signingSecret: "whsec_stored" }));
    await recordLastDelivery({ at: T0.toISOString(), event: "terms-changed", ok: false, status: 503 });
    expect(await alertSettings()).toEqual({
      webhookUrl: "https://hooks.receiver.example/••••XYZ9",
      events: ["terms-changed"],
      lastDelivery: { at: T0.toISOString(), event: "terms-changed", ok: false, status: 503 },
    });
    // the last delivery is written beside the settings, not over them
    expect(await readAlertChannel()).toMatchObject({ webhookUrl: HOOK, signingSecret: "whsec_stored" });
  });
});

describe("changing the channel (PUT /api/admin/alerts)", () => {
  it("sets an address: stored whole with a new signing secret, shown once, and recorded by its host only", async () => {
    const answer = await change({ webhookUrl: HOOK });
    expect(answer).toEqual({
      webhookUrl: "https://hooks.receiver.example/••••XYZ9",
      events: [...ALERT_EVENTS],
      lastDelivery: null,
      signingSecret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) as string,
    });
    const stored = await channelDoc();
    expect(stored).toMatchObject({ webhookUrl: HOOK, signingSecret: answer.signingSecret });
    expect(stored?.updatedAt).toBeInstanceOf(Timestamp);
    const entries = await auditEntries();
    expect(entries).toEqual([
      expect.objectContaining({
        actor: { uid: "admin-1", role: "admin", email: "admin@example.com" },
        action: "alerts.change",
        details: { webhookHost: "hooks.receiver.example", signingSecret: "new" },
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain("secretPathXYZ9");
    expect(JSON.stringify(entries)).not.toContain(answer.signingSecret);
    // never shown again
    expect(await alertSettings()).not.toHaveProperty("signingSecret");
  });

  it("refuses an address a webhook may not go to, and stores and records nothing", async () => {
    for (const webhookUrl of ["http://hooks.receiver.example/x", "https://localhost./hook", "https://10.0.0.1/hook"]) {
      const refused = await change({ webhookUrl }).catch((err: unknown) => err);
      expect(refused, webhookUrl).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({
        code: "VALIDATION",
        message: WEBHOOK_URL_RULE,
        extra: { issues: [{ path: "webhookUrl", message: WEBHOOK_URL_RULE }] },
      });
    }
    expect(await channelDoc()).toBeUndefined();
    expect(await auditEntries()).toEqual([]);
  });

  it("writes and records nothing when nothing changes: the same address, the same events, an empty body", async () => {
    const first = await change({ webhookUrl: HOOK, events: ["terms-changed", "link-failing"] });
    const before = await channelDoc();
    for (const body of [
      {},
      { webhookUrl: HOOK },
      { events: ["terms-changed", "link-failing"] },
      { events: ["terms-changed", "link-failing", "terms-changed"] },
    ] as UpdateAlertsRequest[]) {
      const answer = await change(body);
      expect(answer, JSON.stringify(body)).toEqual({
        webhookUrl: "https://hooks.receiver.example/••••XYZ9",
        events: ["terms-changed", "link-failing"],
        lastDelivery: null,
      });
    }
    const after = await channelDoc();
    expect(after).toEqual(before);
    expect(after?.signingSecret).toBe(first.signingSecret);
    expect(await auditEntries()).toHaveLength(1);
  });

  it("keeps an omitted field: new events keep the address and its secret", async () => {
    const first = await change({ webhookUrl: HOOK });
    const answer = await change({ events: ["link-failing", "link-failing", "link-recovered"] });
    expect(answer).toEqual({
      webhookUrl: "https://hooks.receiver.example/••••XYZ9",
      events: ["link-failing", "link-recovered"],
      lastDelivery: null,
    });
    expect(await readAlertChannel()).toMatchObject({
      webhookUrl: HOOK,
      events: ["link-failing", "link-recovered"],
      signingSecret: first.signingSecret,
    });
    expect((await auditEntries()).map((e) => (e as { details: unknown }).details)).toContainEqual({
      events: ["link-failing", "link-recovered"],
    });
  });

  it("takes the same events in another order, or fewer of them, as a change", async () => {
    await change({ events: ["terms-changed", "link-failing"] });
    expect((await change({ events: ["link-failing", "terms-changed"] })).events).toEqual(["link-failing", "terms-changed"]);
    expect((await change({ events: ["link-failing"] })).events).toEqual(["link-failing"]);
    expect((await change({ events: [] })).events).toEqual([]);
    // the first the same, the others swapped
    await change({ events: ["terms-changed", "link-failing", "job-failed"] });
    expect((await change({ events: ["terms-changed", "job-failed", "link-failing"] })).events).toEqual([
      "terms-changed",
      "job-failed",
      "link-failing",
    ]);
    expect(await auditEntries()).toHaveLength(6);
  });

  it("a new address gets a new secret; so does rotateSecret, alone; both recorded as such", async () => {
    const first = await change({ webhookUrl: HOOK });
    const moved = await change({ webhookUrl: OTHER_HOOK, events: ["job-failed"] });
    expect(moved.webhookUrl).toBe("https://other.receiver.example/••••1234");
    expect(moved.signingSecret).toMatch(/^whsec_/);
    expect(moved.signingSecret).not.toBe(first.signingSecret);
    const rotated = await change({ rotateSecret: true });
    expect(rotated.signingSecret).toMatch(/^whsec_/);
    expect(rotated.signingSecret).not.toBe(moved.signingSecret);
    expect(await readAlertChannel()).toMatchObject({
      webhookUrl: OTHER_HOOK,
      events: ["job-failed"],
      signingSecret: rotated.signingSecret,
    });
    const details = (await auditEntries()).map((e) => (e as { details: unknown }).details);
    expect(details).toEqual(
      expect.arrayContaining([
        { webhookHost: "hooks.receiver.example", signingSecret: "new" },
        { webhookHost: "other.receiver.example", events: ["job-failed"], signingSecret: "new" },
        { signingSecret: "new" },
      ]),
    );
    expect(details).toHaveLength(3);
  });

  it("turns the channel off with a null address, recorded as no host, and shows no secret", async () => {
    const first = await change({ webhookUrl: HOOK });
    const off = await change({ webhookUrl: null });
    expect(off).toEqual({ webhookUrl: null, events: [...ALERT_EVENTS], lastDelivery: null });
    expect(await readAlertChannel()).toMatchObject({ webhookUrl: null, signingSecret: first.signingSecret });
    expect((await auditEntries()).map((e) => (e as { details: unknown }).details)).toContainEqual({ webhookHost: null });
    // off already: nothing more
    await change({ webhookUrl: null });
    expect(await auditEntries()).toHaveLength(2);
    // a secret rotated while off is kept for later, and not shown
    const rotated = await change({ rotateSecret: true });
    expect(rotated).not.toHaveProperty("signingSecret");
    expect((await readAlertChannel()).signingSecret).toMatch(/^whsec_/);
    expect((await readAlertChannel()).signingSecret).not.toBe(first.signingSecret);
  });

  it("needs no recorder", async () => {
    const answer = await changeAlertSettings({ webhooks }, { webhookUrl: HOOK });
    expect(answer.signingSecret).toMatch(/^whsec_/);
    expect((await readAlertChannel()).webhookUrl).toBe(HOOK);
  });
});

describe("the channel's store", () => {
  it("changes nothing, and calls nothing else, when no field changes", async () => {
    const alsoIn = vi.fn();
    expect(await changeAlertChannel(() => ({}), alsoIn)).toEqual({
      webhookUrl: null,
      events: [...ALERT_EVENTS],
      signingSecret: null,
      lastDelivery: null,
    });
    expect(alsoIn).not.toHaveBeenCalled();
    expect(await channelDoc()).toBeUndefined();
  });

  it("writes the fields given over the current ones, with what else the change writes in the same transaction", async () => {
    await changeAlertChannel(() => ({ webhookUrl: HOOK, signingSecret: "whsec_a" }));
    const seen: unknown[] = [];
    const result = await changeAlertChannel(
      (current) => ({ events: current.events.slice(0, 2) }),
      (tx, current, fields) => {
        seen.push({ current, fields });
        tx.set(db().collection("alerts_test_side").doc("x"), { written: true });
      },
    );
    expect(result).toEqual({ webhookUrl: HOOK, events: ALERT_EVENTS.slice(0, 2), signingSecret: "whsec_a", lastDelivery: null });
    expect(seen).toEqual([
      {
        current: { webhookUrl: HOOK, events: [...ALERT_EVENTS], signingSecret: "whsec_a", lastDelivery: null },
        fields: { events: ALERT_EVENTS.slice(0, 2) },
      },
    ]);
    expect((await db().collection("alerts_test_side").doc("x").get()).data()).toEqual({ written: true });
    expect(await readAlertChannel()).toEqual(result);
  });
});

describe("the test alert (POST /api/admin/alerts/test)", () => {
  const deps = { appOrigin: "https://hub.example", now: () => T0 };

  it("needs an address first, and queues nothing without one", async () => {
    await expect(sendTestAlert(deps)).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Set a webhook address first" });
    expect(await deliveryDocs()).toEqual([]);
    expect(tasks).toEqual([]);
  });

  it("makes a delivery of the test message, kept 90 days, and queues it now", async () => {
    await change({ webhookUrl: HOOK });
    const { deliveryId } = await sendTestAlert(deps);
    expect(deliveryId).toMatch(/^test_[A-Za-z0-9_-]{12}$/);
    const docs = await deliveryDocs();
    expect(docs.map((d) => d.id)).toEqual([deliveryId]);
    expect(docs[0]!.data()).toEqual({
      kind: "test",
      message: {
        text: "Test alert from the referral hub: this channel receives the hub's alerts.",
        url: "https://hub.example/admin",
        data: {},
      },
      attempts: 0,
      state: "pending",
      createdAt: Timestamp.fromDate(T0),
      expiresAt: Timestamp.fromMillis(T0.getTime() + 90 * DAY_MS),
    });
    expect(tasks).toEqual([
      {
        queue: "deliverAlerts",
        data: { deliveryId },
        options: expect.not.objectContaining({ scheduleDelaySeconds: expect.anything() as number }) as never,
      },
    ]);
    // a second test is a delivery of its own
    const second = await sendTestAlert(deps);
    expect(second.deliveryId).not.toBe(deliveryId);
    expect(await deliveryDocs()).toHaveLength(2);
  });

  it("goes to the queue the functions serve", async () => {
    await change({ webhookUrl: HOOK });
    await sendTestAlert(deps);
    const functions = (await import("../../src/index")) as Record<string, unknown>;
    const queued = functions[tasks[0]!.queue] as { __endpoint?: { taskQueueTrigger?: unknown } } | undefined;
    expect(queued?.__endpoint?.taskQueueTrigger).toBeDefined();
  });
});

describe("an alert raised", () => {
  const at = (iso: string) => ({ now: () => new Date(iso) });
  const on = (events: AlertEvent[] = [...ALERT_EVENTS]) => changeAlertChannel(() => ({ webhookUrl: HOOK, events }));

  it("is delivered once however often the same news is raised, and queued once", async () => {
    await on();
    for (let i = 0; i < 3; i++) await raiseAlert({ now: () => T0 }, "terms-changed", "p1:v2", MESSAGE);
    const docs = await deliveryDocs();
    expect(docs).toHaveLength(1);
    expect(docs[0]!.id).toMatch(/^terms-changed_[0-9a-f]{32}$/);
    expect(docs[0]!.data()).toEqual({
      kind: "terms-changed",
      message: MESSAGE,
      attempts: 0,
      state: "pending",
      createdAt: Timestamp.fromDate(T0),
      expiresAt: Timestamp.fromMillis(T0.getTime() + 90 * DAY_MS),
    });
    expect(tasks.map((t) => t.data)).toEqual([{ deliveryId: docs[0]!.id }]);
  });

  it("is a new delivery for other news, or the same subject under another event", async () => {
    await on();
    await raiseAlert({ now: () => T0 }, "terms-changed", "p1:v2", MESSAGE);
    await raiseAlert({ now: () => T0 }, "terms-changed", "p1:v3", MESSAGE);
    await raiseAlert({ now: () => T0 }, "terms-unreachable", "p1:v2", MESSAGE);
    const ids = (await deliveryDocs()).map((d) => d.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids.filter((id) => id.startsWith("terms-changed_"))).toHaveLength(2);
    expect(tasks).toHaveLength(3);
  });

  it("is not raised while the channel is off, nor for an event the channel does not take", async () => {
    await raiseAlert({ now: () => T0 }, "terms-changed", "p1:v2", MESSAGE);
    await on(["link-failing"]);
    await raiseAlert({ now: () => T0 }, "terms-changed", "p1:v2", MESSAGE);
    expect(await deliveryDocs()).toEqual([]);
    expect(tasks).toEqual([]);
    // and once the channel takes it, that news is delivered after all
    await on(["link-failing", "terms-changed"]);
    await raiseAlert({ now: () => T0 }, "terms-changed", "p1:v2", MESSAGE);
    expect(await deliveryDocs()).toHaveLength(1);
  });

  it("with everyDays, once in any run of that many UTC days, whatever the calendar week", async () => {
    await on();
    const raise = (iso: string) => raiseAlert(at(iso), "program-stands-out", "p1", MESSAGE, { everyDays: 7 });
    await raise("2026-03-10T23:59:00Z"); // a Tuesday
    await raise("2026-03-11T00:01:00Z");
    await raise("2026-03-16T12:00:00Z"); // Monday: a new calendar week, six days on
    expect(await deliveryDocs()).toHaveLength(1);
    await raise("2026-03-17T00:00:00Z"); // seven days on
    expect(await deliveryDocs()).toHaveLength(2);
    await raise("2026-03-23T23:00:00Z");
    expect(await deliveryDocs()).toHaveLength(2);
    await raise("2026-03-24T00:00:00Z");
    expect(await deliveryDocs()).toHaveLength(3);
    // another subject is its own
    await raiseAlert(at("2026-03-24T00:00:00Z"), "program-stands-out", "p2", MESSAGE, { everyDays: 7 });
    expect(await deliveryDocs()).toHaveLength(4);
    expect(tasks).toHaveLength(4);
  });

  it("with everyDays 1, once a UTC day", async () => {
    await on();
    const raise = (iso: string) => raiseAlert(at(iso), "job-failed", "subscription-check", MESSAGE, { everyDays: 1 });
    await raise("2026-03-10T00:00:00Z");
    await raise("2026-03-10T23:59:59Z");
    expect(await deliveryDocs()).toHaveLength(1);
    await raise("2026-03-11T00:00:00Z");
    expect(await deliveryDocs()).toHaveLength(2);
  });

  it("never throws: one that cannot be raised is logged, by its event, and the work goes on", async () => {
    await on();
    const errors: unknown[][] = [];
    vi.spyOn(logger, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
    vi.mocked(TaskQueue.prototype.enqueue).mockRejectedValueOnce(new Error("queue unavailable"));
    await expect(raiseAlert({ now: () => T0 }, "link-failing", "l1:failing", MESSAGE)).resolves.toBeUndefined();
    vi.mocked(TaskQueue.prototype.enqueue).mockImplementationOnce(() => Promise.reject("no queue at all" as unknown as Error));
    await expect(raiseAlert({ now: () => T0 }, "link-recovered", "l1:ok", MESSAGE)).resolves.toBeUndefined();
    expect(errors).toEqual([
      ["alert not raised", { event: "link-failing", error: "queue unavailable" }],
      ["alert not raised", { event: "link-recovered", error: "no queue at all" }],
    ]);
  });
});

describe("a delivery's document", () => {
  it("is made once: a second raise of the id, or of one of its quiet ids, makes nothing", async () => {
    expect(await createDeliveryOnce("d1", "terms-changed", MESSAGE, T0)).toBe(true);
    expect(await createDeliveryOnce("d1", "terms-changed", { ...MESSAGE, text: "again" }, T0)).toBe(false);
    expect(await createDeliveryOnce("d2", "terms-changed", MESSAGE, T0, ["d0", "d1"])).toBe(false);
    expect(await createDeliveryOnce("d3", "terms-changed", MESSAGE, T0, ["d0", "d4"])).toBe(true);
    expect((await deliveryDocs()).map((d) => d.id).sort()).toEqual(["d1", "d3"]);
    expect(await readDelivery("d1")).toEqual({ id: "d1", kind: "terms-changed", message: MESSAGE, attempts: 0, state: "pending" });
  });

  it("is deleted by the TTL policy 90 days after it was raised", async () => {
    await createDeliveryOnce("d-ttl", "offer-ending", MESSAGE, T0);
    const stored = await db().collection(ALERT_DELIVERIES_TTL.collection).doc("d-ttl").get();
    expect(stored.get(ALERT_DELIVERIES_TTL.field)).toEqual(Timestamp.fromMillis(T0.getTime() + 90 * DAY_MS));
  });

  it("reads as nothing when missing, and as a pending delivery of no attempts when its fields are not what they should be", async () => {
    expect(await readDelivery("missing")).toBeNull();
    await db().collection(COLLECTIONS.alertDeliveries).doc("odd").set({ kind: "test", message: MESSAGE, attempts: "3", state: "sent" });
    expect(await readDelivery("odd")).toEqual({ id: "odd", kind: "test", message: MESSAGE, attempts: 0, state: "pending" });
    for (const state of ["delivered", "failed"] as const) {
      await db().collection(COLLECTIONS.alertDeliveries).doc(state).set({ kind: "test", message: MESSAGE, attempts: 2, state });
      expect(await readDelivery(state)).toMatchObject({ attempts: 2, state });
    }
  });

  it("is leased to one task for a minute: another finds it held for what is left, and takes it once the minute is over", async () => {
    await createDeliveryOnce("d-lease", "test", MESSAGE, T0);
    expect(await leaseDelivery("d-lease", T0)).toEqual({ id: "d-lease", kind: "test", message: MESSAGE, attempts: 0, state: "pending" });
    expect((await readDelivery("d-lease"))?.state).toBe("pending");
    expect(await leaseDelivery("d-lease", new Date(T0.getTime() + 15_500))).toEqual({ heldForMs: 44_500 });
    expect(await leaseDelivery("d-lease", new Date(T0.getTime() + 59_999))).toEqual({ heldForMs: 1 });
    expect(await leaseDelivery("d-lease", new Date(T0.getTime() + 60_000))).toMatchObject({ id: "d-lease", state: "pending" });
    expect(await leaseDelivery("d-lease", new Date(T0.getTime() + 60_000))).toEqual({ heldForMs: 60_000 });
  });

  it("is not leased when missing, delivered or given up", async () => {
    expect(await leaseDelivery("missing", T0)).toBeNull();
    await createDeliveryOnce("d-done", "test", MESSAGE, T0);
    await recordAttempt("d-done", 1, "delivered", 204);
    expect(await leaseDelivery("d-done", T0)).toBeNull();
    await createDeliveryOnce("d-failed", "test", MESSAGE, T0);
    await recordAttempt("d-failed", 5, "failed", 503);
    expect(await leaseDelivery("d-failed", T0)).toBeNull();
  });

  it("records an attempt: its number, the state after it and the receiver's status, and gives the lease back", async () => {
    await createDeliveryOnce("d-att", "test", MESSAGE, T0);
    await leaseDelivery("d-att", T0);
    await recordAttempt("d-att", 1, "pending", 503);
    const stored = (await db().collection(COLLECTIONS.alertDeliveries).doc("d-att").get()).data();
    expect(stored).toMatchObject({ attempts: 1, state: "pending", lastStatus: 503 });
    expect(stored).not.toHaveProperty("leasedUntil");
    expect(stored?.updatedAt).toBeInstanceOf(Timestamp);
    // the lease given back: the next task takes it at once
    expect(await leaseDelivery("d-att", new Date(T0.getTime() + 1_000))).toMatchObject({ id: "d-att", attempts: 1 });
    await recordAttempt("d-att", 2, "failed", null);
    expect((await db().collection(COLLECTIONS.alertDeliveries).doc("d-att").get()).data()).toMatchObject({
      attempts: 2,
      state: "failed",
      lastStatus: null,
    });
  });

  it("is queued now, or after a delay, on the deliveries' queue", async () => {
    await enqueueDelivery("d-now");
    await enqueueDelivery("d-later", 40);
    expect(tasks).toEqual([
      {
        queue: "deliverAlerts",
        data: { deliveryId: "d-now" },
        options: expect.not.objectContaining({ scheduleDelaySeconds: expect.anything() as number }) as never,
      },
      { queue: "deliverAlerts", data: { deliveryId: "d-later" }, options: expect.objectContaining({ scheduleDelaySeconds: 40 }) as never },
    ]);
  });
});

describe("the routes' handlers", () => {
  const deps = { webhooks, appOrigin: "https://hub.example", now: () => T0 } as unknown as AppDeps;
  const routes = alertsRoutes(deps, recorderFor);
  type Context<K extends keyof typeof routes> = Parameters<(typeof routes)[K]>[0];
  const caller = {
    uid: "admin-2",
    isAdmin: true,
    impersonatedBy: null,
    impersonationId: null,
    authTime: null,
    user: { email: "second@example.com" },
  };

  it("answer the settings, change them as the caller (recorded under their name), and send the test", async () => {
    expect(await routes.getAlerts({} as Context<"getAlerts">)).toEqual({ webhookUrl: null, events: [...ALERT_EVENTS], lastDelivery: null });
    const changed = await routes.updateAlerts({ body: { webhookUrl: HOOK }, caller } as unknown as Context<"updateAlerts">);
    expect(changed).toMatchObject({
      webhookUrl: "https://hooks.receiver.example/••••XYZ9",
      signingSecret: expect.stringMatching(/^whsec_/) as string,
    });
    expect(await auditEntries()).toEqual([
      expect.objectContaining({ actor: { uid: "admin-2", role: "admin", email: "second@example.com" } }),
    ]);
    expect(await routes.getAlerts({} as Context<"getAlerts">)).toMatchObject({ webhookUrl: "https://hooks.receiver.example/••••XYZ9" });
    const { deliveryId } = await routes.sendTestAlert({} as Context<"sendTestAlert">);
    expect(await readDelivery(deliveryId)).toMatchObject({ kind: "test", message: { url: "https://hub.example/admin" } });
    expect(tasks.map((t) => t.data)).toEqual([{ deliveryId }]);
  });
});
