// Drives the local Stripe API only through the real `stripe` SDK, asserting what a client sees.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import Stripe from "stripe";
import { startStripeLocal, type StripeLocal } from "./server.js";

let server: StripeLocal;
let stripe: Stripe;

function sdk(key: string): Stripe {
  const { hostname, port } = new URL(server.url);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: "http", maxNetworkRetries: 0 });
}

/** Statuses of every subscription of the customer(s) with this e-mail. */
async function statusesFor(email: string): Promise<string[]> {
  const statuses: string[] = [];
  for await (const customer of stripe.customers.list({ email })) {
    for await (const sub of stripe.subscriptions.list({ customer: customer.id, status: "all" })) {
      statuses.push(sub.status);
    }
  }
  return statuses;
}

beforeAll(async () => {
  server = await startStripeLocal({ port: 0 });
  stripe = sdk("sk_test_local");
});

afterAll(async () => {
  await server.close();
});

describe("stripe-local", () => {
  it("listens on a real port when asked for port 0", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  });

  it("finds the seed customers by e-mail with their subscription statuses", async () => {
    expect(await statusesFor("active@example.com")).toEqual(["active"]);
    expect(await statusesFor("trialing@example.com")).toEqual(["trialing"]);
    expect(await statusesFor("pastdue@example.com")).toEqual(["past_due"]);
    expect(await statusesFor("canceled@example.com")).toEqual(["canceled"]);

    const { data } = await stripe.customers.list({ email: "active@example.com" });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ object: "customer", email: "active@example.com", livemode: false });
    expect(data[0]?.id).toMatch(/^cus_[A-Za-z0-9]+$/);
  });

  it("matches e-mails exactly and returns an empty list for unknown ones", async () => {
    const unknown = await stripe.customers.list({ email: "nobody@example.com" });
    expect(unknown).toMatchObject({ object: "list", data: [], has_more: false });
    expect((await stripe.customers.list({ email: "Active@example.com" })).data).toEqual([]);
  });

  it("hides canceled subscriptions unless status is 'all'", async () => {
    const [customer] = (await stripe.customers.list({ email: "canceled@example.com" })).data;
    expect(customer).toBeDefined();
    const byDefault = await stripe.subscriptions.list({ customer: customer!.id });
    expect(byDefault.data).toEqual([]);
    const all = await stripe.subscriptions.list({ customer: customer!.id, status: "all" });
    expect(all.data.map((s) => s.status)).toEqual(["canceled"]);

    const everyDefault = await stripe.subscriptions.list({ limit: 100 });
    expect(everyDefault.data.map((s) => s.status)).not.toContain("canceled");
  });

  it("creates a customer and subscriptions, then finds, updates and cancels them", async () => {
    const customer = await stripe.customers.create({
      email: "new@example.com",
      name: "New Member",
      metadata: { uid: "user-1" },
    });
    expect(customer).toMatchObject({ email: "new@example.com", name: "New Member", metadata: { uid: "user-1" } });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id });

    const params: Stripe.SubscriptionCreateParams & { status: string } = {
      customer: customer.id,
      items: [{ price: "price_member" }],
      metadata: { plan: "yearly" },
      status: "trialing",
    };
    const sub = await stripe.subscriptions.create(params);
    expect(sub.id).toMatch(/^sub_[A-Za-z0-9]+$/);
    expect(sub).toMatchObject({ object: "subscription", customer: customer.id, status: "trialing", metadata: { plan: "yearly" } });
    expect(sub.items.data[0]?.price.id).toBe("price_member");
    expect(await statusesFor("new@example.com")).toEqual(["trialing"]);

    const newer = await stripe.subscriptions.create({ customer: customer.id });
    expect(newer.status).toBe("active");
    const listed = await stripe.subscriptions.list({ customer: customer.id });
    expect(listed.data.map((s) => s.id)).toEqual([newer.id, sub.id]); // newest first

    const update: Stripe.SubscriptionUpdateParams & { status: string } = { status: "past_due" };
    expect((await stripe.subscriptions.update(sub.id, update)).status).toBe("past_due");
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("past_due");
    const canceled = await stripe.subscriptions.cancel(newer.id);
    expect(canceled.status).toBe("canceled");
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([sub.id]);
  });

  it("rejects a subscription for an unknown customer", async () => {
    await expect(stripe.subscriptions.create({ customer: "cus_doesnotexist" })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "resource_missing",
      param: "customer",
    });
  });

  it("auto-paginates across several pages", async () => {
    const email = "many@example.com";
    const created: string[] = [];
    for (let i = 0; i < 25; i++) created.push((await stripe.customers.create({ email })).id);

    const firstPage = await stripe.customers.list({ email, limit: 10 });
    expect(firstPage.data).toHaveLength(10);
    expect(firstPage.has_more).toBe(true);

    const seen: string[] = [];
    for await (const customer of stripe.customers.list({ email, limit: 10 })) seen.push(customer.id);
    expect(seen).toHaveLength(25);
    expect(seen).toEqual([...created].reverse()); // newest first, no duplicates

    const backwards = await stripe.customers.list({ email, limit: 10, ending_before: created[0] });
    expect(backwards.data.map((c) => c.id)).toEqual(created.slice(1, 11).reverse());
    expect(backwards.has_more).toBe(true);
  });

  it("rejects unknown ids with a 404 StripeInvalidRequestError", async () => {
    const error: unknown = await stripe.customers.retrieve("cus_doesnotexist").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing" });
    await expect(stripe.subscriptions.retrieve("sub_doesnotexist")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
    });
  });

  it("rejects requests without a secret key", async () => {
    const error: unknown = await sdk("pk_test_publishable")
      .customers.list({ email: "active@example.com" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401 });
  });

  it("restores the seed data on POST /__reset", async () => {
    await stripe.customers.create({ email: "temp@example.com" });
    expect((await fetch(`${server.url}/__reset`, { method: "POST" })).status).toBe(200);
    expect((await stripe.customers.list({ email: "temp@example.com" })).data).toEqual([]);
    expect(await statusesFor("active@example.com")).toEqual(["active"]);
  });

  it("lists every subscription with its customer expanded, 100 per page, when asked", async () => {
    const seen: string[] = [];
    for await (const sub of stripe.subscriptions.list({ status: "all", limit: 100, expand: ["data.customer"] })) {
      const customer = sub.customer as Stripe.Customer;
      seen.push(`${customer.email ?? ""} ${sub.status}`);
    }
    expect(seen.sort()).toEqual([
      "active@example.com active",
      "canceled@example.com canceled",
      "pastdue@example.com past_due",
      "trialing@example.com trialing",
    ]);
    const plain = await stripe.subscriptions.list({ status: "all", limit: 1 });
    expect(typeof plain.data[0]!.customer).toBe("string");
  });

  it("adds a configured latency to each call, counts the calls and fails injected ones", async () => {
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: "POST", body: JSON.stringify(body) });
    await post("/__reset", {});
    await post("/__config", { latencyMs: 150 });
    const started = Date.now();
    await stripe.customers.list({ limit: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);

    await post("/__faults", { method: "GET", path: "/v1/subscriptions", after: 1, count: 2, status: 500 });
    const outcome = async () =>
      stripe.subscriptions.list({ limit: 1 }).then(
        () => 200,
        (e: { statusCode?: number }) => e.statusCode,
      );
    expect([await outcome(), await outcome(), await outcome(), await outcome()]).toEqual([200, 500, 500, 200]);
    expect(await (await fetch(`${server.url}/__stats`)).json()).toMatchObject({
      calls: 5,
      requests: ["GET /v1/customers?limit=1", ...Array.from({ length: 4 }, () => "GET /v1/subscriptions?limit=1")],
    });

    await post("/__reset", {});
    expect(await (await fetch(`${server.url}/__stats`)).json()).toEqual({ calls: 0, requests: [] });
  });
});
