import { describe, expect, it } from "vitest";
import { autoApproveSummary, checkAllSummary, mergeSummary } from "./user-messages";

describe("toast texts", () => {
  it("summarises a bulk subscription check", () => {
    expect(checkAllSummary({ total: 10, active: 6, cancelled: 2, not_found: 1, errors: 1 })).toBe(
      "Total 10: 6 active, 2 cancelled, 1 not found, 1 errors",
    );
  });

  it("summarises auto-approval", () => {
    expect(autoApproveSummary({ checkedCount: 3, approvedCount: 2 })).toBe("Checked 3 users, approved 2");
    expect(autoApproveSummary({ checkedCount: 1, approvedCount: 0 })).toBe("Checked 1 user, approved 0");
  });

  it("summarises a merge", () => {
    expect(mergeSummary({ movedLinks: 2, movedTokens: 1 })).toBe("Moved 2 links and 1 login token to the primary account");
  });
});
