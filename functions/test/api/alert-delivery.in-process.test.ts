import { createHmac } from "node:crypto";
import { TaskQueue } from "firebase-admin/functions";
import { logger } from "firebase-functions";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverAlert, MAX_ATTEMPTS } from "../../src/alerts/alert-delivery.service";
import { changeAlertChannel, createDeliveryOnce, readDelivery } from "../../src/alerts/alerts.store";
import { alertSettings } from "../../src/alerts/alerts.service";
import { isAllowedWebhookUrl } from "../../src/links/link-tester";
import { COLLECTIONS, db } from "../../src/platform/db";
import type { WebhookPost } from "../../src/platform/deps";
import { resetEmulators } from "../../../testing/emulators";

/*
 * One delivery's attempts, run in this process against the suite's Firestore with a stand-in poster:
 * what a task posts, when it tries again, that two tasks never post one delivery, and that nothing
 * of the webhook's path or secret reaches the logs.
 */

const PATH_SECRET = "T000/B000/pathIsThePassword";
const WEBHOOK = `https://hooks.receiver.example/services/${PATH_SECRET}`;
const SIGNING_SECRET = "whsec_neverLogged0123456789";

interface Posted {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A poster that answers from `answers` in turn (the last again), after `delayMs`, and keeps what it was sent. */
function standInPoster(answers: WebhookPost[], delayMs = 0) {
  const posted: Posted[] = [];
  return {
    posted,
    post: async (url: string, headers: Record<string, string>, body: string) => {
      posted.push({ url, headers, body });
      await new Promise((resume) => setTimeout(resume, delayMs));
      return answers[Math.min(posted.length - 1, answers.length - 1)]!;
    },
    isAllowedUrl: (url: string) => isAllowedWebhookUrl(url),
  };
}
const answered = (status: number | null, more: Partial<WebhookPost> = {}): WebhookPost => ({
  status,
  retryAfter: null,
  error: null,
  ...more,
});

let enqueued: { id: string; delaySeconds: number }[];
const enqueue = (id: string, delaySeconds = 0) => {
  enqueued.push({ id, delaySeconds });
  return Promise.resolve();
};

beforeEach(async () => {
  await resetEmulators();
  enqueued = [];
  await changeAlertChannel(() => ({ webhookUrl: WEBHOOK, signingSecret: SIGNING_SECRET }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const raise = async (id: string) => {
  await createDeliveryOnce(
    id,
    "terms-changed",
    { text: "Terms changed for Gold card", url: "https://hub.example/admin", data: {} },
    new Date(),
  );
};

describe("a delivery's attempts", () => {
  it("is posted by one task at a time: a second dispatch while the first posts sends nothing and comes back later", async () => {
    await raise("d-lease");
    let answer: (post: WebhookPost) => void = () => undefined;
    const posted: string[] = [];
    const held = {
      post: (url: string) => {
        posted.push(url);
        return new Promise<WebhookPost>((resolve) => (answer = resolve));
      },
      isAllowedUrl: () => true,
    };
    const deps = { webhooks: held, now: () => new Date() };
    const first = deliverAlert(deps, "d-lease", 1, enqueue);
    await expect.poll(() => posted.length).toBe(1);
    // the first task's post is on its way: a second dispatch of the same delivery
    await deliverAlert(deps, "d-lease", 1, enqueue);
    expect(posted).toHaveLength(1);
    expect(enqueued).toHaveLength(1);
    expect(enqueued[0]!.delaySeconds).toBeGreaterThan(50);
    answer(answered(204));
    await first;
    expect(await readDelivery("d-lease")).toMatchObject({ state: "delivered", attempts: 1 });
    // the task that came back finds it delivered, and posts nothing
    await deliverAlert(deps, "d-lease", 1, enqueue);
    expect(posted).toHaveLength(1);
  });

  it("is tried again after a connection failure, with backoff, under the same delivery id", async () => {
    await raise("d-conn");
    const poster = standInPoster([answered(null, { error: "Connection refused by the host", errorCode: "ECONNREFUSED" }), answered(204)]);
    const deps = { webhooks: poster, now: () => new Date() };
    await deliverAlert(deps, "d-conn", 10, enqueue);
    expect(await readDelivery("d-conn")).toMatchObject({ state: "pending", attempts: 1 });
    expect(enqueued).toEqual([{ id: "d-conn", delaySeconds: 10 }]);
    await deliverAlert(deps, "d-conn", 10, enqueue);
    expect(await readDelivery("d-conn")).toMatchObject({ state: "delivered", attempts: 2 });
    expect(poster.posted.map((p) => p.headers["x-hub-delivery"])).toEqual(["d-conn", "d-conn"]);
  });

  it("gives up on a refused address, a redirect and a 4xx at once, and after the last attempt otherwise", async () => {
    for (const [id, answer] of [
      ["d-refused", answered(null, { error: "Refused", errorCode: "REFUSED_ADDRESS" })],
      ["d-302", answered(302)],
      ["d-404", answered(404)],
    ] as const) {
      await raise(id);
      await deliverAlert({ webhooks: standInPoster([answer]), now: () => new Date() }, id, 1, enqueue);
      expect(await readDelivery(id), id).toMatchObject({ state: "failed", attempts: 1 });
    }
    expect(enqueued).toEqual([]);
    await raise("d-503");
    const poster = standInPoster([answered(503)]);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++)
      await deliverAlert({ webhooks: poster, now: () => new Date() }, "d-503", 1, enqueue);
    expect(poster.posted).toHaveLength(MAX_ATTEMPTS);
    expect(await readDelivery("d-503")).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
  });

  it("honours a 429's Retry-After when it is longer than the backoff", async () => {
    await raise("d-429");
    await deliverAlert({ webhooks: standInPoster([answered(429, { retryAfter: "120" })]), now: () => new Date() }, "d-429", 1, enqueue);
    expect(enqueued).toEqual([{ id: "d-429", delaySeconds: 120 }]);
  });

  it("checks the address again at the connection, as DNS reads its host: a stored `localhost.` is never posted to", async () => {
    await changeAlertChannel(() => ({ webhookUrl: "https://localhost./hook" }));
    await raise("d-local");
    const poster = standInPoster([answered(204)]);
    await deliverAlert({ webhooks: poster, now: () => new Date() }, "d-local", 1, enqueue);
    expect(poster.posted).toEqual([]);
    expect(await readDelivery("d-local")).toMatchObject({ state: "failed" });
  });

  it("logs a failure by the host only: never the webhook's path, nor the signing secret", async () => {
    const logged: unknown[] = [];
    for (const level of ["warn", "error", "info", "log", "debug"] as const)
      vi.spyOn(logger, level).mockImplementation((...args) => void logged.push(args));
    await raise("d-log");
    const poster = standInPoster([
      answered(null, { error: `Request failed: ${WEBHOOK}`, errorCode: "ECONNRESET" }),
      answered(500),
      answered(404),
    ]);
    for (let attempt = 0; attempt < 3; attempt++) await deliverAlert({ webhooks: poster, now: () => new Date() }, "d-log", 1, enqueue);
    const text = JSON.stringify(logged);
    expect(logged.length).toBe(3);
    expect(text).toContain("hooks.receiver.example");
    expect(text).not.toContain("pathIsThePassword");
    expect(text).not.toContain(SIGNING_SECRET);
    // the generic receiver got the signature made with it, and the full address
    expect(poster.posted[0]!.url).toBe(WEBHOOK);
    expect(poster.posted[0]!.headers["x-hub-signature-256"]).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});

describe("what a delivery posts, and what the channel shows of it", () => {
  const T0 = new Date("2026-03-10T12:00:00.750Z");
  const at =
    (ms = 0) =>
    () =>
      new Date(T0.getTime() + ms);
  const MESSAGE = {
    text: "Gold card: its terms changed",
    url: "https://hub.example/admin?terms=p1",
    data: { programId: "p1", version: 2 },
  };
  const raiseOf = (id: string, kind: "terms-changed" | "test" = "terms-changed") => createDeliveryOnce(id, kind, MESSAGE, T0);

  it("posts the generic body to the whole address, signed with the channel's secret at the attempt's time, and shows it delivered", async () => {
    await raiseOf("d-generic");
    const poster = standInPoster([answered(204)]);
    await deliverAlert({ webhooks: poster, now: at() }, "d-generic", 10, enqueue);
    expect(poster.posted).toHaveLength(1);
    const [{ url, headers, body }] = poster.posted as [Posted];
    expect(url).toBe(WEBHOOK);
    expect(JSON.parse(body)).toEqual({ event: "terms-changed", ...MESSAGE });
    const timestamp = Math.floor(T0.getTime() / 1000);
    expect(headers).toEqual({
      "x-hub-delivery": "d-generic",
      "x-hub-timestamp": String(timestamp),
      "x-hub-signature-256": `sha256=${createHmac("sha256", SIGNING_SECRET)
        .update(`${String(timestamp)}.${body}`)
        .digest("hex")}`,
    });
    const stored = (await db().collection(COLLECTIONS.alertDeliveries).doc("d-generic").get()).data();
    expect(stored).toMatchObject({ state: "delivered", attempts: 1, lastStatus: 204 });
    expect(stored).not.toHaveProperty("leasedUntil");
    expect((await alertSettings()).lastDelivery).toEqual({ at: T0.toISOString(), event: "terms-changed", ok: true, status: 204 });
    expect(enqueued).toEqual([]);
  });

  it("posts Discord's and Slack's own formats, unsigned", async () => {
    for (const [hook, id] of [
      ["https://discord.com/api/webhooks/1/tokenPart", "d-discord"],
      ["https://hooks.slack.com/services/T/B/tokenPart", "d-slack"],
    ] as const) {
      await changeAlertChannel(() => ({ webhookUrl: hook }));
      await raiseOf(id, "test");
      const poster = standInPoster([answered(200)]);
      await deliverAlert({ webhooks: poster, now: at() }, id, 10, enqueue);
      const [{ url, headers, body }] = poster.posted as [Posted];
      expect(url).toBe(hook);
      expect(headers).toEqual({ "x-hub-delivery": id, "x-hub-timestamp": String(Math.floor(T0.getTime() / 1000)) });
      const parsed = JSON.parse(body) as Record<string, unknown>;
      if (id === "d-discord")
        expect(parsed).toEqual({ content: `Gold card\\: its terms changed\n${MESSAGE.url}`, allowed_mentions: { parse: [] } });
      else expect(parsed).toEqual({ text: `Gold card\uA789 its terms changed <${MESSAGE.url}|Open in the hub>` });
      expect((await alertSettings()).lastDelivery).toEqual({ at: T0.toISOString(), event: "test", ok: true, status: 200 });
    }
  });

  it.each([
    [200, "delivered"],
    [299, "delivered"],
    [199, "failed"],
    [300, "failed"],
    [400, "failed"],
    [499, "failed"],
    [429, "pending"],
    [500, "pending"],
    [599, "pending"],
  ] as const)("after a %i the delivery is %s", async (status, state) => {
    await raiseOf("d-status");
    await deliverAlert({ webhooks: standInPoster([answered(status)]), now: at() }, "d-status", 10, enqueue);
    expect(await readDelivery("d-status")).toMatchObject({ state, attempts: 1 });
    // as stored, for whatever reads the document
    expect((await db().collection(COLLECTIONS.alertDeliveries).doc("d-status").get()).data()).toMatchObject({ state, lastStatus: status });
    expect((await alertSettings()).lastDelivery).toEqual({
      at: T0.toISOString(),
      event: "terms-changed",
      ok: state === "delivered",
      status,
    });
    expect(enqueued).toEqual(state === "pending" ? [{ id: "d-status", delaySeconds: 10 }] : []);
  });

  it("waits 10 s, 40 s, 160 s and 640 s between attempts in a deploy, and gives up after the fifth", async () => {
    await raiseOf("d-backoff");
    const poster = standInPoster([answered(503)]);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++)
      await deliverAlert({ webhooks: poster, now: at(attempt * 1_000_000) }, "d-backoff", undefined, enqueue);
    expect(enqueued.map((e) => e.delaySeconds)).toEqual([10, 40, 160, 640]);
    expect(await readDelivery("d-backoff")).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
  });

  it.each([
    ["a number of seconds, spaced", " 120 ", 1, 120],
    ["fewer seconds than the backoff", "5", 10, 10],
    ["more than an hour", "7200", 1, 3_600],
    ["an HTTP date 90 s on", new Date(T0.getTime() - 750 + 90_000).toUTCString(), 1, 90],
    ["an HTTP date two hours on", new Date(T0.getTime() + 7_200_000).toUTCString(), 1, 3_600],
    ["an HTTP date past", new Date(T0.getTime() - 60_000).toUTCString(), 10, 10],
    ["no date at all", "soon", 10, 10],
    ["empty", "", 10, 10],
    ["not a number of seconds (an exponent)", "1e3", 10, 10],
    ["not a number of seconds (hexadecimal)", "0x10", 1, 1],
  ])("reads a Retry-After of %s", async (_, retryAfter, base, delaySeconds) => {
    await raiseOf("d-retry-after");
    await deliverAlert({ webhooks: standInPoster([answered(429, { retryAfter })]), now: at() }, "d-retry-after", base, enqueue);
    expect(enqueued).toEqual([{ id: "d-retry-after", delaySeconds }]);
  });

  it("honours a 503's Retry-After too", async () => {
    await raiseOf("d-503-ra");
    await deliverAlert({ webhooks: standInPoster([answered(503, { retryAfter: "30" })]), now: at() }, "d-503-ra", 1, enqueue);
    expect(enqueued).toEqual([{ id: "d-503-ra", delaySeconds: 30 }]);
  });

  it("a task that finds the delivery held comes back when the lease ends, to the second", async () => {
    await raiseOf("d-held");
    let answer: (post: WebhookPost) => void = () => undefined;
    const posted: string[] = [];
    const held = {
      post: (url: string) => {
        posted.push(url);
        return new Promise<WebhookPost>((resolve) => (answer = resolve));
      },
      isAllowedUrl: () => true,
    };
    const first = deliverAlert({ webhooks: held, now: at() }, "d-held", 1, enqueue);
    await expect.poll(() => posted.length).toBe(1);
    await deliverAlert({ webhooks: held, now: at(15_500) }, "d-held", 1, enqueue);
    expect(enqueued).toEqual([{ id: "d-held", delaySeconds: 45 }]);
    answer(answered(204));
    await first;
    expect(posted).toHaveLength(1);
  });

  it("gives up without posting when the channel was turned off, and leaves its attempts as they were", async () => {
    await raiseOf("d-off");
    await deliverAlert({ webhooks: standInPoster([answered(503)]), now: at() }, "d-off", 1, enqueue);
    await changeAlertChannel(() => ({ webhookUrl: null }));
    const poster = standInPoster([answered(204)]);
    await deliverAlert({ webhooks: poster, now: at(60_000) }, "d-off", 1, enqueue);
    expect(poster.posted).toEqual([]);
    expect(await readDelivery("d-off")).toMatchObject({ state: "failed", attempts: 1 });
    // the next task finds nothing to post
    await deliverAlert({ webhooks: poster, now: at(120_000) }, "d-off", 1, enqueue);
    expect(poster.posted).toEqual([]);
  });

  it("gives up on an address no longer allowed, with its attempts as they were", async () => {
    await raiseOf("d-disallowed");
    await deliverAlert(
      { webhooks: standInPoster([answered(null, { error: "reset", errorCode: "ECONNRESET" })]), now: at() },
      "d-disallowed",
      1,
      enqueue,
    );
    const poster = { ...standInPoster([answered(204)]), isAllowedUrl: () => false };
    await deliverAlert({ webhooks: poster, now: at(60_000) }, "d-disallowed", 1, enqueue);
    expect(poster.posted).toEqual([]);
    expect(await readDelivery("d-disallowed")).toMatchObject({ state: "failed", attempts: 1 });
  });

  it("logs each failure with what an admin needs (the delivery, the host, the attempt, the answer, whether it is tried again), and no success", async () => {
    const warned: unknown[][] = [];
    vi.spyOn(logger, "warn").mockImplementation((...args: unknown[]) => void warned.push(args));
    await raiseOf("d-logged");
    const poster = standInPoster([answered(503), answered(null, { error: "refused", errorCode: "ECONNREFUSED" }), answered(204)]);
    for (let i = 0; i < 3; i++) await deliverAlert({ webhooks: poster, now: at(i * 60_000) }, "d-logged", 1, enqueue);
    expect(warned).toEqual([
      [
        "alert not delivered",
        { deliveryId: "d-logged", host: "hooks.receiver.example", attempt: 1, status: 503, errorCode: null, again: true },
      ],
      [
        "alert not delivered",
        { deliveryId: "d-logged", host: "hooks.receiver.example", attempt: 2, status: null, errorCode: "ECONNREFUSED", again: true },
      ],
    ]);
    await raiseOf("d-last");
    await deliverAlert({ webhooks: standInPoster([answered(404)]), now: at() }, "d-last", 1, enqueue);
    expect(warned.at(-1)).toEqual([
      "alert not delivered",
      { deliveryId: "d-last", host: "hooks.receiver.example", attempt: 1, status: 404, errorCode: null, again: false },
    ]);
  });

  it("puts the next attempt on the deliveries' queue itself when no queue is given", async () => {
    const tasks: { data: unknown; options: unknown }[] = [];
    vi.spyOn(TaskQueue.prototype, "enqueue").mockImplementation((data, options) => {
      tasks.push({ data, options });
      return Promise.resolve();
    });
    await raiseOf("d-queue");
    await deliverAlert({ webhooks: standInPoster([answered(500)]), now: at() }, "d-queue");
    expect(tasks).toEqual([{ data: { deliveryId: "d-queue" }, options: expect.objectContaining({ scheduleDelaySeconds: 10 }) as never }]);
  });
});
