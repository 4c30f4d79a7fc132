import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  choiceFor,
  legacyCookieClearing,
  encodeVisitor,
  newVisitorId,
  readVisitor,
  remember,
  visitorCookieHeader,
  VISITOR_COOKIE_NAME,
  type RememberedChoice,
} from "./visitor-cookie";

const SECRET = "unit-test-secret-0123456789abcdef";
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VISITOR = "AbCdEfGhIjKlMnOpQrStUv";
const choice = (programId: string, linkId: string, sentAtMs = NOW): RememberedChoice => ({ programId, linkId, sentAtMs });
const cookie = (choices: readonly RememberedChoice[], secret = SECRET, visitorId = VISITOR) =>
  `${VISITOR_COOKIE_NAME}=${encodeVisitor({ visitorId, choices }, secret)}`;

describe("the visitor cookie", () => {
  it("is named __session, the only cookie Firebase Hosting passes to a function", () => {
    expect(VISITOR_COOKIE_NAME).toBe("__session");
    expect(visitorCookieHeader({ visitorId: VISITOR, choices: [choice("p1", "l1")] }, SECRET, { secure: true })).toMatch(/^__session=/);
  });

  it("carries the contract's attributes: 30 days, HttpOnly, SameSite=Lax, Path=/, Secure outside the emulator", () => {
    const attributes = (secure: boolean) =>
      visitorCookieHeader({ visitorId: VISITOR, choices: [choice("p1", "l1")] }, SECRET, { secure })
        .split("; ")
        .slice(1);
    expect(new Set(attributes(true))).toEqual(new Set(["Max-Age=2592000", "Path=/", "HttpOnly", "SameSite=Lax", "Secure"]));
    expect(attributes(false)).not.toContain("Secure");
  });

  it("reads back the visitor's id and choices, among other cookies of the header", () => {
    const choices = [choice("p1", "l1", NOW - 2 * HOUR), choice("p2", "l2", NOW - 5 * DAY)];
    const read = readVisitor(`theme=dark; ${cookie(choices)}; other=1`, SECRET, NOW);
    expect(read).toEqual({ visitorId: VISITOR, choices, legacy: false });
    expect(choiceFor(read.choices, "p2")?.linkId).toBe("l2");
    expect(choiceFor(read.choices, "p3")).toBeNull();
  });

  it("gives each new visitor 128 random bits", () => {
    const ids = new Set(Array.from({ length: 1000 }, newVisitorId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(Buffer.from(id, "base64url")).toHaveLength(16);
  });

  it("is compact: 20 programs with generated ids fit in well under a kilobyte and a half", () => {
    const id = (n: number, kind: string) => `${kind}${String(n).padStart(3, "0")}AbCdEfGhIjKlMnOp`;
    let choices: readonly RememberedChoice[] = [];
    for (let n = 0; n < 20; n++) choices = remember(choices, choice(id(n, "P"), id(n, "L")));
    expect(encodeVisitor({ visitorId: VISITOR, choices }, SECRET).length).toBeLessThan(1_500);
  });

  it("ignores a tampered cookie: another visitor id, link or time, a changed or missing signature, another secret", () => {
    const value = encodeVisitor({ visitorId: VISITOR, choices: [choice("p1", "l1", NOW - 10 * 60_000)] }, SECRET);
    const [version, id, entries, signature] = value.split("~") as [string, string, string, string];
    const forged = [
      `${version}~${"B".repeat(22)}~${entries}~${signature}`,
      `${version}~${id}~${entries.replace("l1", "l2")}~${signature}`,
      `${version}~${id}~${entries.replace(/:[0-9a-z]+$/, ":0")}~${signature}`,
      `${version}~${id}~${entries}~${signature.slice(0, -2)}AA`,
      `${version}~${id}~${entries}~`,
      `${version}~${id}~${entries}`,
      encodeVisitor({ visitorId: VISITOR, choices: [choice("p1", "l2")] }, "another-secret"),
    ];
    for (const v of forged) expect(readVisitor(`__session=${v}`, SECRET, NOW)).toEqual({ visitorId: null, choices: [], legacy: false });
    expect(readVisitor(`__session=${value}`, SECRET, NOW).choices).toHaveLength(1);
  });

  it("ignores what does not parse, a visitor id that is not 128 bits, and reads nothing without a secret", () => {
    const signed = (payload: string) => `__session=${payload}~${createHmac("sha256", SECRET).update(payload).digest("base64url")}`;
    for (const header of [
      undefined,
      "",
      "__session=",
      "__session=garbage",
      "__session=v2~p1:l1:0~AAAA",
      "session=v1~~x",
      `__session=${"x".repeat(10_000)}`,
      signed("v2~short~p1:l1:0"),
      signed(`v3~${VISITOR}~`),
    ]) {
      expect(readVisitor(header, SECRET, NOW)).toEqual({ visitorId: null, choices: [], legacy: false });
    }
    expect(readVisitor(cookie([choice("p1", "l1")]), "", NOW).visitorId).toBeNull();
  });

  it("still honours the choices of a v1 cookie (before visitor ids), as a new visitor's", () => {
    const payload = `v1~p1:l1:${Math.floor(NOW / 1000).toString(36)}`;
    const v1 = `__session=${payload}~${createHmac("sha256", SECRET).update(payload).digest("base64url")}`;
    expect(readVisitor(v1, SECRET, NOW)).toEqual({ visitorId: null, choices: [choice("p1", "l1")], legacy: true });
  });

  it("prefers the v2 cookie when a browser still sends the v1 one (Path=/api/programs) before it", () => {
    const payload = `v1~p1:old:${Math.floor(NOW / 1000).toString(36)}`;
    const v1 = `__session=${payload}~${createHmac("sha256", SECRET).update(payload).digest("base64url")}`;
    expect(readVisitor(`${v1}; ${cookie([choice("p1", "l1")])}`, SECRET, NOW)).toEqual({
      visitorId: VISITOR,
      choices: [choice("p1", "l1")],
      legacy: true,
    });
    expect(legacyCookieClearing()).toMatch(/^__session=; Max-Age=0; Path=\/api\/programs/);
  });

  it("ignores a signed entry whose ids could not be document ids", () => {
    expect(readVisitor(cookie([choice("p1", "has space")]), SECRET, NOW)).toEqual({ visitorId: null, choices: [], legacy: false });
  });

  it("leaves out choices last sent over 30 days ago, keeping the others", () => {
    const read = readVisitor(cookie([choice("old", "l1", NOW - 31 * DAY), choice("recent", "l2", NOW - 29 * DAY)]), SECRET, NOW);
    expect(read.choices.map((c) => c.programId)).toEqual(["recent"]);
  });

  it("keeps at most 20 programs, dropping the least recently visited", () => {
    let choices: readonly RememberedChoice[] = [];
    for (let n = 0; n < 20; n++) choices = remember(choices, choice(`p${String(n)}`, "l"));
    choices = remember(choices, choice("p0", "l")); // p0 visited again: now the newest
    choices = remember(choices, choice("p20", "l"));
    expect(choices).toHaveLength(20);
    expect(choices.map((c) => c.programId)).not.toContain("p1");
    expect(choices.map((c) => c.programId).slice(-2)).toEqual(["p0", "p20"]);
    expect(readVisitor(cookie(choices), SECRET, NOW).choices).toHaveLength(20);
    // a cookie holding more (written by hand, signed) is cut to the newest 20 when written again
    const many = Array.from({ length: 25 }, (_, n) => choice(`q${String(n)}`, "l"));
    expect(readVisitor(cookie(many), SECRET, NOW).choices.map((c) => c.programId)).toEqual(many.slice(-20).map((c) => c.programId));
  });
});
