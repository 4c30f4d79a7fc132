import { describe, expect, it } from "vitest";
import { lastDeliveryText } from "./alerts-tab";

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

describe("the alerts channel's last delivery", () => {
  it("says what was sent, when, and what the receiver answered", () => {
    expect(lastDeliveryText(null, when)).toBe("Nothing sent yet.");
    expect(lastDeliveryText({ at: "2026-11-28T05:20:00.000Z", event: "test", ok: true, status: 204 }, when)).toBe(
      "The test alert on 2026-11-28 05:20: delivered (HTTP 204).",
    );
    expect(lastDeliveryText({ at: "2026-11-28T05:21:00.000Z", event: "terms-changed", ok: false, status: null }, when)).toBe(
      "The terms-changed alert on 2026-11-28 05:21: not delivered (no answer).",
    );
  });
});
