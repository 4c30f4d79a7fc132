import { describe, expect, it } from "vitest";
import { offsetOnReturn } from "./balance-offset";

const counts = (...values: number[]) => values.map((count) => ({ count }));

describe("offsetOnReturn", () => {
  it("starts a link back from a break at the others' lowest count, not its own", () => {
    expect(offsetOnReturn({ visits: 0, balanceOffset: 0 }, counts(6, 9))).toBe(6);
    expect(offsetOnReturn({ visits: 3, balanceOffset: 6 }, counts(12, 10))).toBe(7);
  });

  it("never lowers the offset it had: a later break cannot catch up on an earlier one", () => {
    // back from its first break at 6; a new link at 1 visit is now the lowest
    expect(offsetOnReturn({ visits: 3, balanceOffset: 6 }, counts(9, 1))).toBe(6);
  });

  it("keeps its offset when it is the only active link", () => {
    expect(offsetOnReturn({ visits: 3, balanceOffset: 4 }, [])).toBe(4);
  });

  it("balances in weighted units: back at the others' lowest count per weight, times its own weight", () => {
    // others at 12 visits of weight 2 (6 a unit) and 9 of weight 1 (9 a unit): a weight-3 link comes back at 18
    expect(offsetOnReturn({ visits: 4, balanceOffset: 0, weight: 3 }, [{ count: 12, weight: 2 }, { count: 9 }])).toBe(14);
    // a weight-1 link back among weight-2 links: half their count
    expect(offsetOnReturn({ visits: 0, balanceOffset: 0 }, [{ count: 10, weight: 2 }])).toBe(5);
  });
});
