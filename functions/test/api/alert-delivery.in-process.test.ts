import { logger } from "firebase-functions";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverAlert, MAX_ATTEMPTS } from "../../src/alerts/alert-delivery.service";
import { changeAlertChannel, createDeliveryOnce, readDelivery } from "../../src/alerts/alerts.store";
import { isAllowedWebhookUrl } from "../../src/links/link-tester";
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
