import { describe, expect, it } from "vitest";
import { createOutcomeRequestSchema } from "@hub/contract/outcomes";
import {
  earningsYears,
  formatMoney,
  localDay,
  outcomeRequestInput,
  OUTCOME_KIND_LABELS,
  snoozeBounds,
  snoozeDateProblem,
} from "./earnings";

describe("earnings in words and figures", () => {
  it("names the kinds as the member reads them", () => {
    expect(OUTCOME_KIND_LABELS).toEqual({ "signed-up": "Signed up", paid: "Paid", "clawed-back": "Clawed back" });
  });

  it("formats an amount in its currency, in the member's locale", () => {
    expect(formatMoney(1234.5, "USD", "en-US")).toBe("$1,234.50");
    expect(formatMoney(200, "EUR", "en-US")).toBe("€200.00");
    expect(formatMoney(-50, "GBP", "en-GB")).toBe("-£50.00");
  });

  it("offers this year first and the five before it", () => {
    expect(earningsYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  });

  it("takes the member's own calendar day, not UTC's, as today", () => {
    expect(localDay(new Date(2026, 10, 26, 23, 30))).toBe("2026-11-26");
  });
});

describe("the outcome form as a request", () => {
  const form = { kind: "paid", occurredOn: "2026-11-20", amount: "", currency: "USD", note: "" };

  it("drops the currency without an amount (the field keeps a default) and empty notes", () => {
    expect(createOutcomeRequestSchema.parse(outcomeRequestInput(form))).toEqual({ kind: "paid", occurredOn: "2026-11-20" });
  });

  it("sends the amount as a number with its currency and the note", () => {
    const parsed = createOutcomeRequestSchema.parse(outcomeRequestInput({ ...form, amount: " 150.25 ", currency: "eur", note: " first " }));
    expect(parsed).toEqual({ kind: "paid", occurredOn: "2026-11-20", amount: 150.25, currency: "EUR", note: "first" });
  });

  it("lets the contract say what is wrong with an amount that is not a number", () => {
    const parsed = createOutcomeRequestSchema.safeParse(outcomeRequestInput({ ...form, amount: "12,50" }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["amount"]);
  });
});

describe("a snooze's day", () => {
  const now = new Date("2026-11-26T23:30:00Z");

  it("runs from tomorrow to 366 days ahead, in UTC days as the server counts them", () => {
    expect(snoozeBounds(now)).toEqual({ min: "2026-11-27", max: "2027-11-27" });
  });

  it("says what is wrong with a day outside them", () => {
    expect(snoozeDateProblem("", now)).toBe("Pick the day the link comes back");
    expect(snoozeDateProblem("2026-11-26", now)).toBe("Pick a day after today");
    expect(snoozeDateProblem("2027-11-28", now)).toBe("A snooze can last at most 366 days");
    expect(snoozeDateProblem("2026-12-03", now)).toBeNull();
  });
});
