import { describe, expect, it } from "vitest";
import {
  activeLinksLabel,
  countJoined,
  endedOwnPrograms,
  filterPublicPrograms,
  qrCodeFileName,
  submitLinkPath,
} from "./public-program-list";

const program = (id: string, name: string, description: string | null = null) => ({
  id,
  name,
  description,
  activeLinkCount: 1,
  redirectUrl: `https://hub.example/api/programs/${id}/redirect`,
  offerEndsOn: null,
  termsUrl: null,
  paidReferralsThisYear: 0,
});
const programs = [
  program("a", "Amex Gold", "4x points on dining"),
  program("c", "Chase Sapphire"),
  program("z", "zeta Bank", "Checking BONUS"),
];

describe("filterPublicPrograms", () => {
  it("keeps everything, in order, with no filter", () => {
    expect(filterPublicPrograms(programs, { search: "", onlyMissing: false }, undefined).map((p) => p.id)).toEqual(["a", "c", "z"]);
  });

  it("searches names and descriptions case-insensitively, ignoring surrounding spaces", () => {
    expect(filterPublicPrograms(programs, { search: "  SAPPHIRE ", onlyMissing: false }, undefined).map((p) => p.id)).toEqual(["c"]);
    expect(filterPublicPrograms(programs, { search: "bonus", onlyMissing: false }, undefined).map((p) => p.id)).toEqual(["z"]);
    expect(filterPublicPrograms(programs, { search: "nothing like it", onlyMissing: false }, undefined)).toEqual([]);
  });

  it("hides the member's programs when asked, together with the search", () => {
    const own = new Map([["a", { statusLabel: "Active", inRotation: true }]]);
    expect(filterPublicPrograms(programs, { search: "", onlyMissing: true }, own).map((p) => p.id)).toEqual(["c", "z"]);
    expect(filterPublicPrograms(programs, { search: "amex", onlyMissing: true }, own)).toEqual([]);
  });
});

describe("countJoined", () => {
  it("counts only listed programs holding one of the member's links", () => {
    const link = { statusLabel: "Pending", inRotation: false };
    expect(
      countJoined(
        programs,
        new Map([
          ["a", link],
          ["z", link],
          ["not-listed", link],
        ]),
      ),
    ).toBe(2);
  });
});

describe("endedOwnPrograms", () => {
  it("lists the member's programs whose offer has ended, which the open list no longer holds", () => {
    const link = { statusLabel: "Active", inRotation: false };
    const member = [
      { id: "old", name: "Old Bank", offerEnded: true, offerEndsOn: "2026-01-31" },
      { id: "gone", name: "Gone Bank", offerEnded: true, offerEndsOn: "2026-02-28" },
      { id: "live", name: "Live Bank", offerEnded: false, offerEndsOn: "2099-12-31" },
    ];
    const own = new Map([
      ["old", link],
      ["live", link],
    ]);
    expect(endedOwnPrograms(member, own)).toEqual([{ id: "old", name: "Old Bank", offerEndsOn: "2026-01-31", ownLink: link }]);
    expect(endedOwnPrograms(undefined, own)).toEqual([]);
  });
});

describe("labels and paths", () => {
  it("says how many links rotate", () => {
    expect(activeLinksLabel(0)).toBe("No active links yet");
    expect(activeLinksLabel(1)).toBe("1 active link");
    expect(activeLinksLabel(12)).toBe("12 active links");
  });

  it("opens /submit with the program chosen", () => {
    expect(submitLinkPath("p 1&x")).toBe("/submit?programId=p+1%26x");
  });

  it("names a QR code file after the program, safely", () => {
    expect(qrCodeFileName("Amex Gold")).toBe("amex-gold-rotation-qr.png");
    expect(qrCodeFileName("Crédit Agricole / Visa™")).toBe("credit-agricole-visatm-rotation-qr.png");
    expect(qrCodeFileName("***")).toBe("program-rotation-qr.png");
  });
});
