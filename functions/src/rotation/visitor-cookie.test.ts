import { describe, expect, it } from "vitest";
import {
  choiceFor,
  encodeVisitorChoices,
  readVisitorChoices,
  remember,
  repeatCounts,
  visitorCookieHeader,
  VISITOR_COOKIE_NAME,
  type RememberedChoice,
} from "./visitor-cookie";

const SECRET = "unit-test-secret-0123456789abcdef";
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const choice = (programId: string, linkId: string, countedAtMs = NOW): RememberedChoice => ({ programId, linkId, countedAtMs });
const cookie = (choices: RememberedChoice[], secret = SECRET) => `${VISITOR_COOKIE_NAME}=${encodeVisitorChoices(choices, secret)}`;

describe("the visitor cookie", () => {
  it("is named __session, the only cookie Firebase Hosting passes to a function", () => {
    expect(VISITOR_COOKIE_NAME).toBe("__session");
    expect(visitorCookieHeader([choice("p1", "l1")], SECRET, { secure: true }).startsWith("__session=")).toBe(true);
  });

  it("carries the contract's attributes: 30 days, HttpOnly, SameSite=Lax, Path=/api/programs, Secure outside the emulator", () => {
    const deployed = visitorCookieHeader([choice("p1", "l1")], SECRET, { secure: true })
      .split("; ")
      .slice(1);
    expect(new Set(deployed)).toEqual(new Set(["Max-Age=2592000", "Path=/api/programs", "HttpOnly", "SameSite=Lax", "Secure"]));
    const emulator = visitorCookieHeader([choice("p1", "l1")], SECRET, { secure: false })
      .split("; ")
      .slice(1);
    expect(emulator).not.toContain("Secure");
  });

  it("reads back what it wrote, among other cookies of the header", () => {
    const choices = [choice("p1", "l1", NOW - 2 * HOUR), choice("p2", "l2", NOW - 5 * DAY)];
    const read = readVisitorChoices(`theme=dark; ${cookie(choices)}; other=1`, SECRET, NOW);
    expect(read).toEqual(choices);
    expect(choiceFor(read, "p2")?.linkId).toBe("l2");
    expect(choiceFor(read, "p3")).toBeNull();
  });

  it("is compact: 20 programs with generated ids fit in well under a kilobyte and a half", () => {
    const id = (n: number, kind: string) => `${kind}${String(n).padStart(3, "0")}AbCdEfGhIjKlMnOp`;
    let choices: readonly RememberedChoice[] = [];
    for (let n = 0; n < 20; n++) choices = remember(choices, choice(id(n, "P"), id(n, "L")));
    expect(encodeVisitorChoices(choices, SECRET).length).toBeLessThan(1_500);
  });

  it("ignores a tampered cookie: changed link, changed time, changed or missing signature, another secret", () => {
    const value = encodeVisitorChoices([choice("p1", "l1", NOW - 10 * 60_000)], SECRET);
    const [version, entries, signature] = value.split("~") as [string, string, string];
    const forged = [
      `${version}~${entries.replace("l1", "l2")}~${signature}`,
      `${version}~${entries.replace(/:[0-9a-z]+$/, ":0")}~${signature}`,
      `${version}~${entries}~${signature.slice(0, -2)}AA`,
      `${version}~${entries}~`,
      `${version}~${entries}`,
      encodeVisitorChoices([choice("p1", "l2")], "another-secret"),
    ];
    for (const v of forged) expect(readVisitorChoices(`__session=${v}`, SECRET, NOW)).toEqual([]);
    expect(readVisitorChoices(`__session=${value}`, SECRET, NOW)).toHaveLength(1);
  });

  it("ignores what does not parse, and reads nothing without a secret", () => {
    for (const header of [
      undefined,
      "",
      "__session=",
      "__session=garbage",
      "__session=v2~p1:l1:0~AAAA",
      "session=v1~~x",
      `__session=${"x".repeat(10_000)}`,
    ]) {
      expect(readVisitorChoices(header, SECRET, NOW)).toEqual([]);
    }
    expect(readVisitorChoices(cookie([choice("p1", "l1")]), "", NOW)).toEqual([]);
  });

  it("ignores a signed entry whose ids could not be document ids", () => {
    expect(readVisitorChoices(cookie([choice("p1", "has space")]), SECRET, NOW)).toEqual([]);
  });

  it("leaves out entries whose last counted visit is over 30 days old, keeping the others", () => {
    const read = readVisitorChoices(cookie([choice("old", "l1", NOW - 31 * DAY), choice("recent", "l2", NOW - 29 * DAY)]), SECRET, NOW);
    expect(read.map((c) => c.programId)).toEqual(["recent"]);
  });

  it("keeps at most 20 programs, dropping the least recently visited", () => {
    let choices: readonly RememberedChoice[] = [];
    for (let n = 0; n < 20; n++) choices = remember(choices, choice(`p${String(n)}`, "l"));
    choices = remember(choices, choice("p0", "l")); // p0 visited again: now the newest
    choices = remember(choices, choice("p20", "l"));
    expect(choices).toHaveLength(20);
    expect(choices.map((c) => c.programId)).not.toContain("p1");
    expect(choices.map((c) => c.programId).slice(-2)).toEqual(["p0", "p20"]);
    expect(readVisitorChoices(cookie([...choices]), SECRET, NOW)).toHaveLength(20);
    // a cookie holding more (written by hand, signed) is cut to the newest 20 when written again
    const many = Array.from({ length: 25 }, (_, n) => choice(`q${String(n)}`, "l"));
    expect(readVisitorChoices(cookie(many), SECRET, NOW).map((c) => c.programId)).toEqual(many.slice(-20).map((c) => c.programId));
  });

  it("counts a repeat only when the last counted visit is more than an hour old", () => {
    expect(repeatCounts(choice("p", "l", NOW - HOUR + 1000), NOW)).toBe(false);
    expect(repeatCounts(choice("p", "l", NOW - HOUR), NOW)).toBe(false);
    expect(repeatCounts(choice("p", "l", NOW - HOUR - 1000), NOW)).toBe(true);
  });
});
