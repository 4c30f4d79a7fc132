import { describe, expect, it } from "vitest";
import { LINK_OUT_REASONS } from "@hub/contract/links";
import { LINK_STATUS_LABELS, linkStatus, rotationSentence } from "./link-status";

describe("linkStatus", () => {
  it.each([
    ["dead", "Dead"],
    ["pending", "Pending"],
    ["paused", "Paused"],
    ["failing", "Failing"],
    ["program-not-approved", "Program not approved"],
    ["offer-ended", "Ended"],
    ["owner-held-back", "Owner blocked or lapsed"],
    ["capped", "Cap reached"],
    ["snoozed", "Snoozed"],
  ] as const)("a link out for %s says %s", (outReason, label) => {
    expect(LINK_STATUS_LABELS[linkStatus({ outReason })]).toBe(label);
  });

  it("has a label for every reason the server gives", () => {
    for (const reason of LINK_OUT_REASONS) expect(LINK_STATUS_LABELS[reason]).toBeTruthy();
  });

  it("is Active only when the server gives no reason", () => {
    expect(linkStatus({ outReason: null })).toBe("active");
  });
});

describe("rotationSentence", () => {
  it("says the link is in rotation only when the answer says so, else why not", () => {
    expect(rotationSentence({ outReason: null }, "The link is back in rotation")).toBe("The link is back in rotation");
    expect(rotationSentence({ outReason: "owner-held-back" }, "The link is back in rotation")).toBe(
      "Not in rotation: Owner blocked or lapsed",
    );
    expect(rotationSentence({ outReason: "offer-ended" }, "The link is now active in rotation")).toBe("Not in rotation: Ended");
  });
});
