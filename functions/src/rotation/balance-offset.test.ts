import { describe, expect, it } from "vitest";
import { offsetOnReturn } from "./balance-offset";

describe("offsetOnReturn", () => {
  it("starts a link back from a break at the others' lowest count, not its own", () => {
    expect(offsetOnReturn({ visits: 0, balanceOffset: 0 }, [6, 9])).toBe(6);
    expect(offsetOnReturn({ visits: 3, balanceOffset: 6 }, [12, 10])).toBe(7);
  });

  it("never lowers the offset it had: a later break cannot catch up on an earlier one", () => {
    // back from its first break at 6; a new link at 1 visit is now the lowest
    expect(offsetOnReturn({ visits: 3, balanceOffset: 6 }, [9, 1])).toBe(6);
  });

  it("keeps its offset when it is the only active link", () => {
    expect(offsetOnReturn({ visits: 3, balanceOffset: 4 }, [])).toBe(4);
  });
});
