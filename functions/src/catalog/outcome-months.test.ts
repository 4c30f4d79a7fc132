import { describe, expect, it } from "vitest";
import { outcomesWithin, parseOutcomeMonth } from "./outcome-months";

const month = (programId: string, m: string, days: Record<string, Record<string, Partial<Record<string, unknown>>>>) =>
  parseOutcomeMonth(programId, m, days);

describe("outcome roll-ups", () => {
  it("read as stored; what is not a count counts as nothing", () => {
    const parsed = month("p1", "2026-03", {
      "05": { a: { signedUp: 2, paid: 1 }, b: { paid: "3", clawedBack: 1 } },
      x1: { a: { paid: 9 } },
      "06": { c: "nope" as never },
    });
    expect([...parsed.days.keys()]).toEqual(["05", "06"]);
    expect(parsed.days.get("05")!.get("a")).toEqual({ signedUp: 2, paid: 1, clawedBack: 0 });
    expect(parsed.days.get("05")!.get("b")).toEqual({ signedUp: 0, paid: 0, clawedBack: 1 });
    expect(parsed.days.get("06")!.size).toBe(0);
    expect(parseOutcomeMonth("p1", "2026-03", null).days.size).toBe(0);
  });

  it("count only the days within the range, both ends included", () => {
    const m = month("p1", "2026-03", { "01": { a: { paid: 1 } }, "15": { a: { paid: 2 } }, "31": { b: { paid: 4 } } });
    const paid = (from: string | null, to: string) => [...outcomesWithin([m], { from, to })].reduce((s, o) => s + o.counts.paid, 0);
    expect(paid(null, "2026-12-31")).toBe(7);
    expect(paid("2026-03-01", "2026-03-15")).toBe(3);
    expect(paid("2026-03-02", "2026-03-31")).toBe(6);
    expect(paid("2026-03-16", "2026-03-30")).toBe(0);
  });
});
