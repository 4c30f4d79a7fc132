import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type Stripe from "stripe";
import { DEFAULT_TIER_SETTINGS, TIER_MESSAGES, type TierSettings } from "@hub/contract/tiers";
import type { AdminUser } from "@hub/contract/users";
import type { ProgramFairness } from "@hub/contract/analytics";
import { db } from "../../src/platform/db";
import { forgetWrittenSets } from "../../src/visits/visits.store";
import { signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { runJob, stripeLocal } from "../../../testing/jobs";
import { signInMember } from "../../../testing/members";
import { addLink, ROTATION_SETTLE_MS, sleep, visitMany, programWithLinks } from "../../../testing/rotation";

/*
 * Tiers and weighted shares (the contract's section of that name), against the emulators and the
 * local Stripe: the tiers an admin saves, a member's tier from their subscription's price (at sign-in
 * and by Check All) or the admin's choice, the rotation honouring the weights, and the fairness
 * report measuring each link against its weighted share.
 */

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  await stripeLocal.reset();
  forgetWrittenSets();
  ({ admin, alice } = await signInActors());
});
afterAll(() => stripeLocal.reset());

const GOLD_PRICE = "price_gold_monthly";
const TIERS: TierSettings = {
  tiers: [
    { id: "standard", name: "Standard", weight: 1, stripePriceIds: ["price_member_monthly"] },
    { id: "gold", name: "Gold", weight: 2, stripePriceIds: [GOLD_PRICE, "price_gold_yearly"] },
    { id: "founder", name: "Founder", weight: 5, stripePriceIds: [] },
  ],
  defaultTierId: "standard",
};

async function saveTiers(settings: TierSettings) {
  const res = await callRoute("updateTiers", { idToken: admin, body: settings });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function userRow(email: string): Promise<AdminUser> {
  const res = await callRoute("listUsers", { idToken: admin });
  expect(res.status).toBe(200);
  return res.body.find((u) => u.username === email)!;
}

const tierOf = (u: { tierId: string; tierSource: string; weight: number }) => ({
  tierId: u.tierId,
  tierSource: u.tierSource,
  weight: u.weight,
});

/** A new member at the local Stripe whose subscription has this price, signed in. */
async function subscriberWithPrice(stripe: Stripe, email: string, price: string): Promise<string> {
  const customer = await stripe.customers.create({ email });
  await stripe.subscriptions.create({ customer: customer.id, items: [{ price }] });
  return signInMember(email);
}

describe("tiers", () => {
  it("are one standard tier until an admin saves some; the admin's tiers are answered as saved", async () => {
    expect((await callRoute("getTiers", { idToken: admin })).body).toEqual(DEFAULT_TIER_SETTINGS);
    expect(await saveTiers(TIERS)).toEqual(TIERS);
    expect((await callRoute("getTiers", { idToken: admin })).body).toEqual(TIERS);
    // members neither read nor write them
    expect((await callRoute("getTiers", { idToken: alice })).status).toBe(403);
    expect((await callRoute("updateTiers", { idToken: alice, body: TIERS })).status).toBe(403);
  });

  it("refuses a price in two tiers with 409, and bad settings with the contract's messages; nothing changes", async () => {
    await saveTiers(TIERS);
    const twice = structuredClone(TIERS);
    twice.tiers[2]!.stripePriceIds = ["price_gold_yearly"];
    const conflict = await callRoute("updateTiers", { idToken: admin, body: twice });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: "CONFLICT", message: TIER_MESSAGES.priceInTwoTiers("price_gold_yearly") });

    const badDefault = await callRoute("updateTiers", { idToken: admin, body: { ...TIERS, defaultTierId: "platinum" } });
    expect(badDefault.status).toBe(400);
    expect(badDefault.body).toMatchObject({ code: "VALIDATION", issues: [{ path: "defaultTierId", message: TIER_MESSAGES.defaultTier }] });
    const heavy = structuredClone(TIERS);
    heavy.tiers[1]!.weight = 11;
    expect((await callRoute("updateTiers", { idToken: admin, body: heavy })).body).toMatchObject({
      code: "VALIDATION",
      issues: [{ path: "tiers.1.weight", message: TIER_MESSAGES.weight }],
    });
    expect((await callRoute("getTiers", { idToken: admin })).body).toEqual(TIERS);
  });

  it("a member's tier follows their subscription's price at sign-in; the member sees their own tier and weight", async () => {
    await saveTiers(TIERS);
    // active@example.com's seeded subscription has the Gold price; alice's token predates the tiers, the answer does not
    expect(tierOf((await callRoute("getCurrentUser", { idToken: alice })).body)).toEqual({
      tierId: "gold",
      tierSource: "subscription",
      weight: 2,
    });
    const profile = (await callRoute("getProfile", { idToken: alice })).body;
    expect(profile).toMatchObject({ tierId: "gold", tierName: "Gold", tierSource: "subscription", weight: 2 });

    const stripe = stripeLocal.sdk();
    const yearly = await subscriberWithPrice(stripe, "yearly@example.com", "price_gold_yearly");
    expect((await callRoute("getProfile", { idToken: yearly })).body).toMatchObject({ tierName: "Gold", weight: 2 });
    const plain = await subscriberWithPrice(stripe, "plain@example.com", "price_unlisted");
    expect((await callRoute("getProfile", { idToken: plain })).body).toMatchObject({
      tierId: "standard",
      tierSource: "default",
      weight: 1,
    });
    // an admin-made member without a subscription: the default
    await callRoute("createUser", { idToken: admin, body: { email: "made@example.com" } });
    expect(tierOf(await userRow("made@example.com"))).toEqual({ tierId: "standard", tierSource: "default", weight: 1 });
  });

  it("follows a changed price after Check All, with no Stripe call per member", async () => {
    await saveTiers(TIERS);
    const stripe = stripeLocal.sdk();
    await subscriberWithPrice(stripe, "upgrader@example.com", "price_member_monthly");
    expect(tierOf(await userRow("upgrader@example.com"))).toEqual({ tierId: "standard", tierSource: "subscription", weight: 1 });
    // the member moves to the Gold price at Stripe: a new subscription, the old one ended
    const [customer] = (await stripe.customers.list({ email: "upgrader@example.com" })).data;
    const [old] = (await stripe.subscriptions.list({ customer: customer!.id })).data;
    await stripe.subscriptions.create({ customer: customer!.id, items: [{ price: GOLD_PRICE }] });
    await stripe.subscriptions.cancel(old!.id);

    const before = (await stripeLocal.stats()).calls;
    expect(await runJob(admin, "checkAllSubscriptions")).toMatchObject({ state: "done" });
    // the listing's one page: the prices come with the subscriptions it lists
    expect((await stripeLocal.stats()).calls - before).toBe(1);
    expect(tierOf(await userRow("upgrader@example.com"))).toEqual({ tierId: "gold", tierSource: "subscription", weight: 2 });
    // a lapsed subscription grants no tier
    await stripe.subscriptions.cancel((await stripe.subscriptions.list({ customer: customer!.id })).data[0]!.id);
    await runJob(admin, "checkAllSubscriptions");
    expect(tierOf(await userRow("upgrader@example.com"))).toEqual({ tierId: "standard", tierSource: "default", weight: 1 });
  });

  it("an admin's choice wins over the subscription's, null returns to it, an unknown tier is refused", async () => {
    await saveTiers(TIERS);
    const set = (tierId: string | null) =>
      callRoute("updateUser", { idToken: admin, params: { username: "active@example.com" }, body: { tierId } });
    const founder = await set("founder");
    expect(founder.status).toBe(200);
    expect(tierOf(founder.body)).toEqual({ tierId: "founder", tierSource: "admin", weight: 5 });
    expect((await callRoute("getProfile", { idToken: alice })).body).toMatchObject({ tierName: "Founder", tierSource: "admin", weight: 5 });

    const unknown = await set("platinum");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "BAD_REQUEST", message: TIER_MESSAGES.unknownTier("platinum") });
    expect(tierOf(await userRow("active@example.com"))).toEqual({ tierId: "founder", tierSource: "admin", weight: 5 });
    expect((await set("Not An Id")).body).toMatchObject({ code: "VALIDATION", issues: [{ path: "tierId", message: TIER_MESSAGES.id }] });

    expect(tierOf((await set(null)).body)).toEqual({ tierId: "gold", tierSource: "subscription", weight: 2 });
  });

  it("removing a tier moves its members to the default, those an admin put in it too", async () => {
    await saveTiers(TIERS);
    await callRoute("updateUser", { idToken: admin, params: { username: "trialing@example.com" }, body: { tierId: "gold" } });
    expect(tierOf(await userRow("trialing@example.com"))).toMatchObject({ tierId: "gold", tierSource: "admin" });

    await saveTiers({ ...TIERS, tiers: TIERS.tiers.filter((t) => t.id !== "gold") });
    expect(tierOf(await userRow("active@example.com"))).toEqual({ tierId: "standard", tierSource: "default", weight: 1 });
    // her own price is the standard one's: back on the automatic tier, which is the default
    expect(tierOf(await userRow("trialing@example.com"))).toEqual({ tierId: "standard", tierSource: "subscription", weight: 1 });
    expect((await db().collection("users").where("username", "==", "trialing@example.com").get()).docs[0]!.get("adminTierId")).toBeNull();
    // the choice is gone, not hidden: a Gold tier made again later does not take its members back
    await saveTiers(TIERS);
    expect(tierOf(await userRow("trialing@example.com"))).toEqual({ tierId: "standard", tierSource: "subscription", weight: 1 });
  });
});

describe("weighted shares", () => {
  it("600 counted visits over weights 1 and 2 give 200 and 400; the report measures each against its weighted share", async () => {
    await saveTiers(TIERS);
    const { programId, links } = await programWithLinks(admin, 1);
    // alice is Gold (her subscription's price): her link has weight 2
    const gold = await addLink(admin, programId, "active@example.com");
    await sleep(ROTATION_SETTLE_MS);

    const tally = await visitMany(programId, 600);
    expect(tally.get(links[0]!.url)).toBe(200);
    expect(tally.get(gold.url)).toBe(400);

    const report = await call<ProgramFairness[]>("GET", "/api/analytics/fairness?timeFilter=7d", { idToken: admin });
    const row = report.body.find((p) => p.programId === programId)!;
    expect(row).toMatchObject({ visits: 600, jainIndex: 1, maxDeviation: 0 });
    expect(
      row.links?.map(({ email, visits, fairShare, shareRatio, weight }) => ({ email, visits, fairShare, shareRatio, weight })),
    ).toEqual([
      { email: "active@example.com", visits: 400, fairShare: 400, shareRatio: 1, weight: 2 },
      { email: "owner0@example.com", visits: 200, fairShare: 200, shareRatio: 1, weight: 1 },
    ]);
    // the rotation recorded the weights with its set
    const sets = await db().collection("rotation_sets").where("programId", "==", programId).get();
    expect(sets.docs.map((d) => d.get("weights") as unknown)).toEqual([{ [links[0]!.id]: 1, [gold.id]: 2 }]);

    // the member sees their own link's weight, and nothing of the other's
    const own = await callRoute("ownLinkStats", { idToken: alice, query: { timeFilter: "7d" } });
    expect(own.body.links).toEqual([expect.objectContaining({ linkId: gold.id, visits: 400, fairShare: 400, shareRatio: 1, weight: 2 })]);
    expect(JSON.stringify(own.body)).not.toContain(links[0]!.id);
  }, 180_000);

  it("never shows a weight to anyone but its member and the admins: not the open pages, not the rotation", async () => {
    await saveTiers(TIERS);
    const { programId } = await programWithLinks(admin, 1);
    await addLink(admin, programId, "active@example.com");
    for (const answer of [await call("GET", "/api/public/programs"), await call("GET", "/api/programs", { idToken: alice })])
      expect(JSON.stringify(answer.body)).not.toMatch(/weight|tier/i);
    expect((await callRoute("listUsers", { idToken: alice })).status).toBe(403);
    expect((await callRoute("fairnessReport", { idToken: alice, query: { timeFilter: "7d" } })).status).toBe(403);
  });
});
