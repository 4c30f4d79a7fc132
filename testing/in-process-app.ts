import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createApp,
  type AppDeps,
  createLinkTester,
  isAllowedWebhookUrl,
  createStripeClient,
  DEFAULT_HOSTING_CDN_RANGES,
  DEFAULT_LOGIN_MAILS_PER_HOUR,
  type LoginMailQueue,
  type LoginMailRequest,
  parseRanges,
  runLoginMailTask,
  StripeSubscriptionLookup,
} from "../functions/src/toolkit";

/** The community the in-process apps run for (the suite's own is in functions/.env.demo-referral-hub). */
export const TEST_COMMUNITY = {
  name: "Points Collective",
  joinUrl: "https://points.example.org/join",
  supportEmail: "help@points.example.org",
};

/**
 * The setup secret of the production-like apps (ADMIN_SETUP_TOKEN of a deploy): made as the deploy
 * steps make it, once per run, since the app refuses any value published in the repository.
 */
export const PRODUCTION_SETUP_TOKEN = randomBytes(32).toString("base64");

/** The keyed hashes' secret of the production-like apps (VISITOR_COOKIE_SECRET of a deploy), made the same way. */
export const PRODUCTION_KEYED_HASH_SECRET = randomBytes(32).toString("base64");

/**
 * The production-like apps' login-mail queue: it holds each task until the test dispatches it, as
 * Cloud Tasks runs it after the answer. A task that fails goes back to be dispatched again, as the
 * queue retries it.
 */
export class HeldLoginMailQueue implements LoginMailQueue {
  readonly held: LoginMailRequest[] = [];
  deps: AppDeps | null = null;
  async enqueue(request: LoginMailRequest): Promise<void> {
    this.held.push(request);
  }
  /** Runs every held task once, in order; answers how each went. */
  async dispatch({ lastAttempt = false } = {}): Promise<PromiseSettledResult<void>[]> {
    const results: PromiseSettledResult<void>[] = [];
    for (const task of this.held.splice(0)) {
      try {
        results.push({ status: "fulfilled", value: await runLoginMailTask(this.deps!, task, lastAttempt) });
      } catch (reason) {
        results.push({ status: "rejected", reason });
        this.held.push(task);
      }
    }
    return results;
  }
}

/** The held queue of deps made by productionLikeDeps. */
export const loginMailQueueOf = (deps: AppDeps): HeldLoginMailQueue => {
  if (!(deps.loginMailQueue instanceof HeldLoginMailQueue)) throw new Error("these deps have no held login-mail queue");
  return deps.loginMailQueue;
};

/** The app's dependencies as a production deploy builds them, against the local Stripe; each can be replaced. */
export function productionLikeDeps(stripeUrl: string, overrides: Partial<AppDeps> = {}): AppDeps {
  const tester = createLinkTester();
  const deps: AppDeps = {
    subscriptions: new StripeSubscriptionLookup(createStripeClient("sk_test_local", stripeUrl)),
    mailer: { send: async () => undefined },
    linkTester: tester,
    pageReader: tester,
    webhooks: { post: tester.post, isAllowedUrl: (url) => isAllowedWebhookUrl(url) },
    appOrigin: "https://hub.example.com",
    community: TEST_COMMUNITY,
    webApiKey: "demo-api-key",
    adminSetupToken: PRODUCTION_SETUP_TOKEN,
    keyedHashSecret: PRODUCTION_KEYED_HASH_SECRET,
    clientIp: { header: "x-forwarded-for", trustedHops: 2, cdnRanges: parseRanges(DEFAULT_HOSTING_CDN_RANGES) },
    exposeLoginToken: false,
    loginMailQueue: new HeldLoginMailQueue(),
    loginMailsPerHour: DEFAULT_LOGIN_MAILS_PER_HOUR,
    now: () => new Date(),
    ...overrides,
  };
  if (deps.loginMailQueue instanceof HeldLoginMailQueue) deps.loginMailQueue.deps ??= deps;
  return deps;
}

/** The real app factory served in-process on a free port; close() when done. */
export async function serveInProcess(deps: AppDeps): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(createApp(deps));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
