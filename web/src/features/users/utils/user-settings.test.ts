import { describe, expect, it } from "vitest";
import { updateUserRequestSchema } from "@hub/contract/users";
import { paymentIdChanges, settingsFormFromUser, userUpdateInput } from "./user-settings";

const user = {
  email: "member@example.com",
  displayName: "Member",
  notes: null,
  stripeCustomerId: "cus_1",
  stripeSubscriptionId: "sub_1",
};

describe("userUpdateInput (Save Changes)", () => {
  it("leaves the e-mail out when it is unchanged once trimmed and lower-cased", () => {
    const body = userUpdateInput(user, { ...settingsFormFromUser(user), email: "  Member@Example.com " });
    expect(body).not.toHaveProperty("newEmail");
    expect(body).toEqual({ displayName: "Member", notes: "", stripeCustomerId: "cus_1", stripeSubscriptionId: "sub_1" });
  });

  it("sends a changed e-mail trimmed and lower-cased", () => {
    expect(userUpdateInput(user, { ...settingsFormFromUser(user), email: " New@Example.COM " }).newEmail).toBe("new@example.com");
  });

  it("sends empty payment IDs as null", () => {
    const body = userUpdateInput(user, { ...settingsFormFromUser(user), stripeCustomerId: "  ", stripeSubscriptionId: "" });
    expect(body.stripeCustomerId).toBeNull();
    expect(body.stripeSubscriptionId).toBeNull();
  });

  it("passes the contract schema", () => {
    const parsed = updateUserRequestSchema.parse(userUpdateInput(user, { ...settingsFormFromUser(user), displayName: " ", notes: "vip" }));
    expect(parsed).toEqual({ displayName: null, notes: "vip", stripeCustomerId: "cus_1", stripeSubscriptionId: "sub_1" });
  });
});

describe("paymentIdChanges (before a subscription check)", () => {
  const form = settingsFormFromUser(user);

  it("is null when neither ID was edited", () => {
    expect(paymentIdChanges(user, { ...form, displayName: "Other", email: "x@example.com" })).toBeNull();
    expect(paymentIdChanges(user, { ...form, stripeCustomerId: " cus_1 " })).toBeNull();
  });

  it("sends only an edited subscription ID", () => {
    expect(paymentIdChanges(user, { ...form, stripeSubscriptionId: "sub_2" })).toEqual({ stripeSubscriptionId: "sub_2" });
  });

  it("clears the subscription ID when only the customer ID changed", () => {
    expect(paymentIdChanges(user, { ...form, stripeCustomerId: "cus_2" })).toEqual({
      stripeCustomerId: "cus_2",
      stripeSubscriptionId: null,
    });
  });

  it("keeps an edited subscription ID next to a new customer ID", () => {
    expect(paymentIdChanges(user, { ...form, stripeCustomerId: "cus_2", stripeSubscriptionId: "sub_2" })).toEqual({
      stripeCustomerId: "cus_2",
      stripeSubscriptionId: "sub_2",
    });
  });

  it("sends a cleared ID as null", () => {
    expect(paymentIdChanges(user, { ...form, stripeSubscriptionId: "" })).toEqual({ stripeSubscriptionId: null });
  });
});
