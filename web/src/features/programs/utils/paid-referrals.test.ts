import { describe, expect, it } from "vitest";
import { paidReferralsLabel } from "./paid-referrals";

describe("paid referrals on the open programs page", () => {
  it("says how many, one in the singular, and nothing for none", () => {
    expect(paidReferralsLabel(0)).toBeNull();
    expect(paidReferralsLabel(1)).toBe("Members reported 1 paid referral this year");
    expect(paidReferralsLabel(12)).toBe("Members reported 12 paid referrals this year");
    expect(paidReferralsLabel(1200)).toBe("Members reported 1,200 paid referrals this year");
  });
});
