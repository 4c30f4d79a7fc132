import Stripe from "stripe";
import type { Job, jobStartedSchema } from "@hub/contract/jobs";
import type { Api, RouteName } from "@hub/contract/routes";
import { callRoute } from "./http";
import { suite } from "./suite-env";

/** The routes that start a job (202 { jobId }), from the contract's table. */
export type JobRoute = { [N in RouteName]: Api[N] extends { status: 202; response: typeof jobStartedSchema } ? N : never }[RouteName];

/** Starts a job through its route (202 { jobId }) and returns its id. */
export async function startJob(admin: string, route: JobRoute): Promise<string> {
  const res = await callRoute(route, { idToken: admin });
  if (res.status !== 202) throw new Error(`${route} ${res.status}: ${res.text}`);
  return res.body.jobId;
}

/**
 * Follows a job as the admin's screen does, every 200 ms, until it ends; returns every answer seen
 * (the last one is the end). Gives up after `timeoutMs` with the last answer in the message.
 */
export async function followJob(admin: string, jobId: string, timeoutMs = 60_000): Promise<Job[]> {
  const seen: Job[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await callRoute("getJob", { params: { jobId }, idToken: admin });
    if (res.status !== 200) throw new Error(`GET job ${res.status}: ${res.text}`);
    seen.push(res.body);
    if (res.body.state !== "running") return seen;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still running: ${JSON.stringify(res.body)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Starts a job and waits for its end. */
export async function runJob(admin: string, route: JobRoute): Promise<Job> {
  return (await followJob(admin, await startJob(admin, route))).at(-1)!;
}

// ---- the local Stripe-compatible server's controls (scripts/stripe-local)

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${suite.stripeUrl}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }).then(
    (res) => res.json() as Promise<unknown>,
  );

export const stripeLocal = {
  /** Back to the seed customers, no latency, no faults, no calls counted. */
  reset: () => control("POST", "/__reset"),
  setLatency: (latencyMs: number) => control("POST", "/__config", { latencyMs }),
  /** The calls of `method path` after the first `after` answer `status`, `count` times. */
  failCalls: (fault: { method?: string; path: string; after: number; count: number; status?: number }) =>
    control("POST", "/__faults", fault),
  clearFaults: () => control("DELETE", "/__faults"),
  stats: () => control("GET", "/__stats") as Promise<{ calls: number; requests: string[] }>,
  sdk: () => {
    const url = new URL(suite.stripeUrl);
    return new Stripe("sk_test_local", { host: url.hostname, port: Number(url.port), protocol: "http" });
  },
};

/** A customer with one subscription in this status (a local-only extension of the create call). */
export async function addSubscriber(stripe: Stripe, email: string, status: string): Promise<string> {
  const customer = await stripe.customers.create({ email });
  await stripe.subscriptions.create({ customer: customer.id, status } as Stripe.SubscriptionCreateParams & { status: string });
  return customer.id;
}
