import { describe, expect, it } from "vitest";
import { localDate, localDateTime } from "@/lib/dates";
import { DEFAULT_USER_FILTERS, filterUsers, subscriptionTone } from "./user-list";

const user = (username: string, flags: { approved?: boolean; blocked?: boolean; isAdmin?: boolean } = {}) => ({
  username,
  approved: flags.approved ?? false,
  blocked: flags.blocked ?? false,
  isAdmin: flags.isAdmin ?? false,
});

describe("user filters", () => {
  const users = [
    user("zed@example.com"),
    user("amy@example.com", { approved: true }),
    user("bob@example.com", { blocked: true }),
    user("admin@example.com", { approved: true, isAdmin: true }),
    user("cat@example.com", { isAdmin: true }),
  ];
  const names = (list: { username: string }[]) => list.map((u) => u.username);

  it("defaults to hiding blocked and approved users, admins shown", () => {
    expect(DEFAULT_USER_FILTERS).toEqual({ hideBlocked: true, hideApproved: true, hideAdmins: false });
    expect(names(filterUsers(users, DEFAULT_USER_FILTERS))).toEqual(["cat@example.com", "zed@example.com"]);
  });

  it("shows everyone, sorted by username, with every filter off", () => {
    expect(names(filterUsers(users, { hideBlocked: false, hideApproved: false, hideAdmins: false }))).toEqual([
      "admin@example.com",
      "amy@example.com",
      "bob@example.com",
      "cat@example.com",
      "zed@example.com",
    ]);
  });

  it("each filter hides only its own kind", () => {
    const off = { hideBlocked: false, hideApproved: false, hideAdmins: false };
    expect(names(filterUsers(users, { ...off, hideBlocked: true }))).not.toContain("bob@example.com");
    expect(names(filterUsers(users, { ...off, hideApproved: true }))).toEqual(["bob@example.com", "cat@example.com", "zed@example.com"]);
    expect(names(filterUsers(users, { ...off, hideAdmins: true }))).toEqual(["amy@example.com", "bob@example.com", "zed@example.com"]);
  });

  it("does not reorder the list it was given", () => {
    const input = [user("b@x.com"), user("a@x.com")];
    filterUsers(input, DEFAULT_USER_FILTERS);
    expect(names(input)).toEqual(["b@x.com", "a@x.com"]);
  });
});

describe("subscriptionTone", () => {
  it("colours active and trialing as good", () => {
    expect(subscriptionTone("active")).toBe("success");
    expect(subscriptionTone("trialing")).toBe("success");
  });

  it("colours the lapsed statuses as bad, both spellings of cancelled included", () => {
    for (const status of ["canceled", "cancelled", "past_due", "unpaid", "not_found"]) expect(subscriptionTone(status)).toBe("error");
  });

  it("treats any other value as a warning", () => {
    expect(subscriptionTone("incomplete")).toBe("warning");
    expect(subscriptionTone("paused")).toBe("warning");
  });
});

describe("local dates", () => {
  it("formats a valid time and gives null for none or garbage", () => {
    expect(localDateTime("2024-05-01T12:00:00.000Z", "en-US")).toMatch(/2024/);
    expect(localDate("2024-05-01T12:00:00.000Z", "en-US")).toMatch(/2024/);
    expect(localDateTime(null)).toBeNull();
    expect(localDateTime("not a date")).toBeNull();
    expect(localDate(undefined)).toBeNull();
  });
});
