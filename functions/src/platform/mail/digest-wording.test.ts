import { describe, expect, it } from "vitest";
import { counted, money, paidReferrals, visits, visitsAndShare, weekEarnings } from "./digest-wording";
import type { DigestOutcome } from "./digest-content";

const paid = (amount: number | null, currency: string | null): DigestOutcome => ({
  kind: "paid",
  occurredOn: "2026-11-16",
  programName: "Gold",
  amount,
  currency,
});

describe("the digest's words", () => {
  it("say 0, 1 and 2 of a thing right, and a fraction as the figure it prints", () => {
    expect([0, 1, 2, 1.5].map(visits)).toEqual(["0 visits", "1 visit", "2 visits", "1.5 visits"]);
    expect([0, 1, 2].map(paidReferrals)).toEqual(["0 paid referrals", "1 paid referral", "2 paid referrals"]);
    // 0.96 prints as "1": it reads as one
    expect(visits(0.96)).toBe("1 visit");
    expect(visits(1234)).toBe("1,234 visits");
    expect(counted(1, "sign-up", "sign-ups")).toBe("1 sign-up");
  });

  it("say the fair share in words beside the visits", () => {
    expect(visitsAndShare({ visits: 12, fairShare: 1.5 })).toBe("12 visits; a fair share would have been 1.5 visits");
    expect(visitsAndShare({ visits: 1, fairShare: 1 })).toBe("1 visit; a fair share would have been 1 visit");
    expect(visitsAndShare({ visits: 0, fairShare: 0 })).toBe("0 visits; a fair share would have been 0 visits");
    expect(visitsAndShare({ visits: 3, fairShare: 4 / 3 })).toBe("3 visits; a fair share would have been 1.3 visits");
  });

  it("write money with its symbol and its code, once", () => {
    expect(money(150, "USD")).toBe("$150.00 USD");
    expect(money(1234.5, "EUR")).toBe("€1,234.50 EUR");
    expect(money(150, "CHF")).toBe("CHF\u00a0150.00"); // a no-break space, as Intl writes it
    expect(money(1500, "JPY")).toBe("¥1,500 JPY");
    expect(money(12, null)).toBe("12.00");
  });

  it("sum the week's paid outcomes per currency, apart from what was clawed back, and count every kind", () => {
    const week = weekEarnings([
      paid(100, "USD"),
      paid(50.1, "USD"),
      paid(0.2, "USD"),
      paid(88.88, "EUR"),
      paid(null, null),
      { kind: "clawed-back", occurredOn: "2026-11-18", programName: "Gold", amount: 12.34, currency: "USD" },
      { kind: "signed-up", occurredOn: "2026-11-19", programName: "Gold", amount: null, currency: null },
    ]);
    // in cents: 100 + 50.10 + 0.20 is 150.30, not 150.29999...
    expect(week.earned).toEqual(["€88.88 EUR", "$150.30 USD"]);
    expect(week.clawedBack).toEqual(["$12.34 USD"]);
    expect(week.counts).toBe("5 paid referrals, 1 sign-up and 1 claw-back");
  });

  it("say nothing was earned when the week has no amounts", () => {
    const week = weekEarnings([{ kind: "signed-up", occurredOn: "2026-11-19", programName: "Gold", amount: null, currency: null }]);
    expect(week).toEqual({ earned: [], clawedBack: [], counts: "1 sign-up" });
  });
});
