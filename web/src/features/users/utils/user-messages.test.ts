import { describe, expect, it } from "vitest";
import { autoApproveSummary, checkAllSummary, digestSummaryText, mergeSummary } from "./user-messages";

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

describe("digestSummaryText", () => {
  it("counts digests sent and members skipped, and refusals only when there are some", () => {
    expect(digestSummaryText({ sent: 3, skipped: 1, failed: 0 })).toBe("Sent 3 digests, skipped 1 member");
    expect(digestSummaryText({ sent: 1, skipped: 0, failed: 2 })).toBe("Sent 1 digest, skipped 0 members, 2 mails the mail server refused");
    expect(digestSummaryText(undefined)).toBe("Every member due one has their digest");
  });
});
