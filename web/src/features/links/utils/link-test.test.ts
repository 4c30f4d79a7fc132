import { describe, expect, it } from "vitest";
import { linkTestToast } from "./link-test";

describe("linkTestToast", () => {
  it("reports a working link with its response time", () => {
    expect(linkTestToast({ validation: { isValid: true, responseTime: 123.4, errorMessage: null } })).toEqual({
      title: "Link is working!",
      description: "Link responded in 123ms",
      variant: "default",
    });
  });

  it("reports a broken link with its error or the default text", () => {
    expect(linkTestToast({ validation: { isValid: false, responseTime: 0, errorMessage: "HTTP 404" } }).description).toBe("HTTP 404");
    expect(linkTestToast({ validation: { isValid: false, responseTime: 0, errorMessage: null } })).toEqual({
      title: "Link test failed",
      description: "Link appears to be broken or expired",
      variant: "destructive",
    });
  });
});
