import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

describe("pageTitle", () => {
  it("names the page, then the community's hub", () => {
    expect(pageTitle("Referral Programs", "Points Collective")).toBe("Referral Programs · Points Collective Referral Hub");
  });

  it("is the hub's name alone on the home page", () => {
    expect(pageTitle(null, "Points Collective")).toBe("Points Collective Referral Hub");
  });

  it("still says what the page is before the community is known", () => {
    expect(pageTitle("My Referral Links", undefined)).toBe("My Referral Links · Referral Hub");
    expect(pageTitle(null, undefined)).toBe("Referral Hub");
  });
});
