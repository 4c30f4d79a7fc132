import { describe, expect, it } from "vitest";
import { formatPercent } from "./numbers";
import { DEFAULT_USER_SORT, isReportableUser, userAnalyticsRows } from "./user-analytics";

const user = (email: string, clicks: number, allTimeClicks: number, activeLinks: number, clickPercentage = 0, allTimePercentage = 0) => ({
  email,
  clicks,
  clickPercentage,
  allTimeClicks,
  allTimePercentage,
  activeLinks,
});

describe("User Analytics", () => {
  const users = [
    user("idle@example.com", 0, 0, 0),
    user("amy@example.com", 3, 10, 1, 30, 10),
    user("bob@example.com", 7, 90, 2, 70, 90),
    user("old@example.com", 0, 5, 0),
    user("new@example.com", 0, 0, 1),
  ];
  const emails = (list: { email: string }[]) => list.map((u) => u.email);

  it("hides users with no clicks in the range, no clicks ever and no active links", () => {
    expect(isReportableUser(user("x", 0, 0, 0))).toBe(false);
    expect(isReportableUser(user("x", 0, 0, 1))).toBe(true);
    expect(isReportableUser(user("x", 0, 1, 0))).toBe(true);
    expect(emails(userAnalyticsRows(users, DEFAULT_USER_SORT))).not.toContain("idle@example.com");
  });

  it("sorts by all-time clicks, most first, by default", () => {
    expect(DEFAULT_USER_SORT).toEqual({ column: "allTimeClicks", direction: "desc" });
    expect(emails(userAnalyticsRows(users, DEFAULT_USER_SORT))).toEqual([
      "bob@example.com",
      "amy@example.com",
      "old@example.com",
      "new@example.com",
    ]);
  });

  it("sorts by any column; equal values go by e-mail", () => {
    expect(emails(userAnalyticsRows(users, { column: "email", direction: "asc" }))).toEqual([
      "amy@example.com",
      "bob@example.com",
      "new@example.com",
      "old@example.com",
    ]);
    expect(emails(userAnalyticsRows(users, { column: "clicks", direction: "desc" }))).toEqual([
      "bob@example.com",
      "amy@example.com",
      "new@example.com",
      "old@example.com",
    ]);
    expect(emails(userAnalyticsRows(users, { column: "activeLinks", direction: "asc" }))).toEqual([
      "old@example.com",
      "amy@example.com",
      "new@example.com",
      "bob@example.com",
    ]);
  });

  it("shows the server's percentages with one decimal", () => {
    expect(formatPercent(70)).toBe("70.0%");
    expect(formatPercent(33.3)).toBe("33.3%");
  });
});
