import { beforeEach, describe, expect, it } from "vitest";
import { readVisitor } from "../../src/rotation/visitor-cookie";
import { call } from "../../../testing/http";
import { resetEmulators } from "../../../testing/emulators";
import { signInActors } from "../../../testing/actors";
import { LOCAL_VISITOR_COOKIE_SECRET } from "../../../testing/suite-config";
import {
  BROWSER_UA,
  CookieVisitor,
  PREVIEW_UA,
  programWithLinks,
  ROTATION_SETTLE_MS,
  sleep,
  storedCounts,
  visit,
  visitCounts,
  signedVisitorCookie,
} from "../../../testing/rotation";
import { keepEachTestInOneClockHour } from "../../../testing/clock-hour";

/**
 * Sticky visitors (docs/architecture.md, *Sticky visitors*): the rotation remembers each
 * visitor's link per program in its signed `__session` cookie. (The Hosting emulator passes every
 * cookie, so the name is held by the unit test of rotation/visitor-cookie.ts.)
 */
let admin: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin } = await signInActors());
});

const MINUTE = 60_000;
/** What a cookie the rotation set remembers about one program. */
const rememberedIn = (cookie: string | null, programId: string) =>
  readVisitor(cookie ?? undefined, LOCAL_VISITOR_COOKIE_SECRET, Date.now()).choices.find((c) => c.programId === programId) ?? null;

describe("sticky visitors", () => {
  keepEachTestInOneClockHour();

  it("a visitor with cookies who comes five times lands on one link and is counted once; new visitors still rotate", async () => {
    const { programId, links } = await programWithLinks(admin, 3);
    const visitor = new CookieVisitor();
    const landed = new Set<string | null>();
    for (let i = 0; i < 5; i++) {
      const answer = await visitor.visit(programId);
      expect(answer.status).toBe(302);
      expect(answer.cacheControl).toBe("private, no-store");
      landed.add(answer.location);
      // the cookie on every answer: the contract's name and attributes (no Secure on the emulator's plain http)
      expect(answer.setCookies).toHaveLength(1);
      const [nameValue, ...attributes] = answer.setCookies[0]!.split("; ");
      expect(nameValue).toMatch(/^__session=/);
      expect(new Set(attributes)).toEqual(new Set(["Max-Age=2592000", "Path=/", "HttpOnly", "SameSite=Lax"]));
    }
    expect(landed.size).toBe(1);
    const link = links.find((l) => l.url === [...landed][0])!;
    expect(link).toBeDefined();

    const stored = await storedCounts(programId);
    expect(stored.clickRecords).toBe(1);
    expect(stored.dayCounters.get(link.id)).toBe(1);
    expect((await visitCounts(admin)).get(link.id)).toBe(1);

    // visitors without a cookie: the round-robin goes on as before, each link in turn, each counted
    const others = new Map<string, number>();
    for (let i = 0; i < 6; i++) {
      const { location } = await visit(programId);
      others.set(location!, (others.get(location!) ?? 0) + 1);
    }
    expect(new Map([...others].sort())).toEqual(new Map(links.map((l) => [l.url, 2] as const).sort()));
    expect((await storedCounts(programId)).clickRecords).toBe(7);
  }, 60_000);

  it("a forged cookie (not the hub's signature) is ignored: the visitor is rotated and counted as new", async () => {
    const { programId, links } = await programWithLinks(admin, 2);
    const [a, b] = links as [(typeof links)[0], (typeof links)[0]];
    // a genuine cookie naming link a, its link id changed to b, signature kept
    const genuine = signedVisitorCookie(programId, a.id, Date.now());
    const forged = genuine.replace(`:${a.id}:`, `:${b.id}:`);
    expect(forged).not.toBe(genuine);
    const landed = new Map<string, number>();
    for (let i = 0; i < 4; i++) {
      const visitor = new CookieVisitor(forged);
      const { location } = await visitor.visit(programId);
      landed.set(location!, (landed.get(location!) ?? 0) + 1);
      // what it gets back is a genuine cookie naming where it went
      expect(rememberedIn(visitor.cookie, programId)?.linkId).toBe(links.find((l) => l.url === location)!.id);
    }
    // honoured, it would have sent all four to b without counting any
    expect(Object.fromEntries(landed)).toEqual({ [a.url]: 2, [b.url]: 2 });
    expect((await storedCounts(programId)).clickRecords).toBe(4);
  }, 60_000);

  it("a validly signed cookie naming a link that was paused is ignored: the visitor gets an active link, counted", async () => {
    const { programId, links } = await programWithLinks(admin, 2);
    const [paused, active] = links as [(typeof links)[0], (typeof links)[0]];
    await call("POST", `/api/links/${paused.id}/pause`, { idToken: admin });
    await sleep(ROTATION_SETTLE_MS);

    const visitor = new CookieVisitor(signedVisitorCookie(programId, paused.id, Date.now() - 5 * MINUTE));
    expect((await visitor.visit(programId)).location).toBe(active.url);
    expect((await storedCounts(programId)).clickRecords).toBe(1);
    expect(rememberedIn(visitor.cookie, programId)?.linkId).toBe(active.id);
    // from now on the visitor stays on the active link, within the hour not counted again
    expect((await visitor.visit(programId)).location).toBe(active.url);
    expect((await storedCounts(programId)).clickRecords).toBe(1);
    expect((await visitCounts(admin)).get(paused.id)).toBe(0);
  }, 60_000);

  it("bots, link previews, HEAD requests and prefetches get no cookie, with or without one, and count nothing", async () => {
    const { programId, links } = await programWithLinks(admin, 2);
    const valid = signedVisitorCookie(programId, links[1]!.id, Date.now() - 2 * 60 * MINUTE);
    const bots = [PREVIEW_UA, "Twitterbot/1.0", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", null];
    for (const cookie of [null, valid]) {
      for (const ua of bots) {
        const answer = await new CookieVisitor(cookie).visit(programId, ua);
        expect(answer.status).toBe(302);
        expect(answer.setCookies).toEqual([]);
      }
      for (const [method, headers] of [
        ["HEAD", {}],
        ["GET", { "sec-purpose": "prefetch" }],
      ] as const) {
        const answer = await new CookieVisitor(cookie).visit(programId, BROWSER_UA, method, headers);
        expect(answer.status).toBe(302);
        expect(answer.setCookies).toEqual([]);
      }
    }
    expect((await storedCounts(programId)).clickRecords).toBe(0);
  }, 60_000);
});
