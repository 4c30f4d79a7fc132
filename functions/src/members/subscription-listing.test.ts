import { describe, expect, it } from "vitest";
import { classifyMember, indexListing } from "./subscription-listing";

const sub = (customerId: string, email: string | null, status: string, subscriptionId = `sub_${customerId}_${status}`) => ({
  customerId,
  email,
  subscriptionId,
  status,
  priceIds: [`price_${status}`],
});

describe("matching members to Stripe's listing", () => {
  // newest first, as Stripe lists them
  const index = indexListing([
    sub("cus_a", "alice@example.com", "canceled"),
    sub("cus_a", "alice@example.com", "active"),
    sub("cus_b", "Bob@Example.com ", "past_due"),
    sub("cus_c", "bob@example.com", "trialing"),
    sub("cus_d", "dana@example.com", "canceled", "sub_new"),
    sub("cus_d", "dana@example.com", "canceled", "sub_old"),
  ]);

  it("takes a known customer's best subscription, whatever their e-mail", () => {
    expect(classifyMember({ username: "someone-else@example.com", stripeCustomerId: "cus_a" }, index)).toEqual({
      customerId: "cus_a",
      subscriptionId: "sub_cus_a_active",
      status: "active",
      isActive: true,
      priceIds: ["price_active"],
    });
  });

  it("without a customer, the best of every customer with the e-mail in any case", () => {
    expect(classifyMember({ username: "bob@example.com", stripeCustomerId: null }, index)).toMatchObject({
      customerId: "cus_c",
      status: "trialing",
      isActive: true,
    });
  });

  it("a known customer absent from the listing is not_found, not matched by e-mail", () => {
    expect(classifyMember({ username: "alice@example.com", stripeCustomerId: "cus_gone" }, index)).toEqual({
      customerId: null,
      subscriptionId: null,
      status: "not_found",
      isActive: false,
      priceIds: [],
    });
  });

  it("answers no prices from a listing stored before prices were listed", () => {
    const { priceIds: _none, ...old } = sub("cus_e", "erin@example.com", "active");
    expect(classifyMember({ username: "erin@example.com", stripeCustomerId: null }, indexListing([old]))).toMatchObject({ priceIds: [] });
  });

  it("among equal statuses the newest wins, as the single check", () => {
    expect(classifyMember({ username: "dana@example.com", stripeCustomerId: null }, index)).toMatchObject({
      subscriptionId: "sub_new",
      status: "canceled",
      isActive: false,
    });
  });
});
