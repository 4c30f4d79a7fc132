import { logger } from "firebase-functions";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TERMS_TEXT_MAX_BYTES } from "@hub/contract/terms";
import { getProgram, updateProgram, type ProgramRecord } from "../../src/catalog/programs.store";
import { listTermsVersions, readTermsVersion } from "../../src/catalog/terms-versions.store";
import { COLLECTIONS, db } from "../../src/platform/db";
import { checkProgramTerms, recordInterruptedRead, tellAdmins } from "../../src/terms/terms-check.service";
import { resetEmulators } from "../../../testing/emulators";
import {
  alertsOn,
  alertsRaised,
  APP_ORIGIN,
  networkFailure,
  pageAnswer,
  recordingMailer,
  seedAdmin,
  seedProgram,
  standInPages,
  standInQueues,
  statusAnswer,
  termsDeps,
  termsHtml,
  termsStateOfProgram,
  testClock,
} from "./terms-stand-ins";

/*
 * One check of one program's terms page (terms/terms-check.service), run in this process against the
 * suite's Firestore, with the bank's pages, the mail server and the queues stood in for: what the
 * program's terms state says after each read, the versions kept, and what admins are told, by mail
 * and on the alerts channel, once per change and per unreachable spell.
 */

const URL_GOLD = "https://www.goldbank.example/referral-terms";
const ADMINS = [
  { uid: "admin-1", email: "first.admin@example.com" },
  { uid: "admin-2", email: "second.admin@example.com" },
];

let queues: ReturnType<typeof standInQueues>;
let pages: ReturnType<typeof standInPages>;
let mail: ReturnType<typeof recordingMailer>;
let clock: ReturnType<typeof testClock>;
let deps: ReturnType<typeof termsDeps>;

beforeAll(async () => {
  queues = standInQueues();
});
beforeEach(async () => {
  await resetEmulators();
  queues.tasks.length = 0;
  queues.use();
  pages = standInPages();
  mail = recordingMailer();
  clock = testClock();
  deps = termsDeps({ pageReader: pages.reader, mailer: mail.mailer, now: clock.now });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** One check of the program, a day after the one before. */
const check = (program: Pick<ProgramRecord, "id" | "termsUrl">) => {
  clock.tick();
  return checkProgramTerms(deps, program);
};
const reviewUrlOf = (id: string) => `${APP_ORIGIN}/admin?tab=programs&terms=${id}`;
const changeMails = () => mail.sent.filter((m) => /terms changed$/.test(m.subject));
const unreachableMails = () => mail.sent.filter((m) => /terms page cannot be read$/.test(m.subject));
const seedAdmins = async (admins = ADMINS) => {
  for (const admin of admins) await seedAdmin(admin.uid, admin.email);
};

describe("a check of a program's terms page", () => {
  it("keeps the first version as the reviewed one and tells nobody; a change is kept and told once, by mail to each admin and on the channel", async () => {
    await seedAdmins();
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));

    expect(await check(gold)).toBe("kept");
    const firstAt = clock.now().toISOString();
    expect(pages.asked).toEqual([{ url: URL_GOLD, maxBytes: 2 * 1024 * 1024 }]);
    expect(await termsStateOfProgram(gold.id)).toEqual({
      status: "watching",
      checkedAt: firstAt,
      lastRead: { at: firstAt, outcome: "ok", reason: null },
      reviewedVersion: 1,
      latestVersion: 1,
      watchFor: "text",
    });
    expect(mail.sent).toEqual([]);
    expect(await alertsRaised()).toEqual([]);

    pages.html(URL_GOLD, termsHtml("40,000"));
    expect(await check(gold)).toBe("kept");
    const changedAt = clock.now().toISOString();
    expect(await termsStateOfProgram(gold.id)).toMatchObject({ status: "changed", reviewedVersion: 1, latestVersion: 2, changedAt });
    expect(changeMails().map((m) => [m.to, m.subject])).toEqual([
      [ADMINS[0]!.email, "The Gold card terms changed"],
      [ADMINS[1]!.email, "The Gold card terms changed"],
    ]);
    for (const sent of changeMails()) {
      expect(sent.text).toContain("60,000 → 40,000 points");
      expect(sent.text).toContain(reviewUrlOf(gold.id));
      expect(sent.html).toContain(URL_GOLD);
      expect(sent.text).toContain("Points Collective");
    }
    expect(await alertsRaised()).toEqual([
      {
        kind: "terms-changed",
        message: {
          text: "Gold card: its terms changed (60,000 → 40,000 points). Nothing was changed in the hub.",
          url: reviewUrlOf(gold.id),
          data: { programId: gold.id, programName: "Gold card", version: 2, figures: "60,000 → 40,000 points" },
        },
      },
    ]);
    expect(queues.tasks.filter((t) => t.queue === "deliverAlerts")).toHaveLength(1);

    // the same page again: nothing kept, nobody told twice
    expect(await check(gold)).toBe("same");
    expect(await termsStateOfProgram(gold.id)).toMatchObject({ status: "changed", latestVersion: 2, changedAt });
    expect(changeMails()).toHaveLength(2);
    expect(await alertsRaised()).toHaveLength(1);

    // a new change is news again, measured from the reviewed version
    pages.html(URL_GOLD, termsHtml("30,000"));
    expect(await check(gold)).toBe("kept");
    expect(changeMails()).toHaveLength(4);
    expect(changeMails()[3]!.text).toContain("60,000 → 30,000 points");
    const alerts = await alertsRaised();
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.message).toMatchObject({
      text: "Gold card: its terms changed (60,000 → 30,000 points). Nothing was changed in the hub.",
      data: { version: 3 },
    });
  });

  it("tells a change of wording alone as such", async () => {
    await seedAdmins(ADMINS.slice(0, 1));
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    pages.html(URL_GOLD, termsHtml("60,000", " Referrals are limited to residents."));
    expect(await check(gold)).toBe("kept");
    expect(changeMails()).toHaveLength(1);
    expect(changeMails()[0]!.text).toContain("No amount it names changed: only its wording.");
    expect((await alertsRaised())[0]!.message).toMatchObject({
      text: "Gold card: its terms changed (the wording only). Nothing was changed in the hub.",
      data: { figures: "" },
    });
  });

  it("lists every figure that changed, one after the other", async () => {
    await seedAdmins(ADMINS.slice(0, 1));
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    pages.html(URL_GOLD, termsHtml("40,000").replace("$4,000", "$3,000"));
    await check(gold);
    const [alert] = await alertsRaised();
    expect(alert!.message.text).toBe(
      "Gold card: its terms changed (60,000 → 40,000 points; $4,000 → $3,000). Nothing was changed in the hub.",
    );
    expect(alert!.message.data.figures).toBe("60,000 → 40,000 points; $4,000 → $3,000");
    expect(changeMails()[0]!.text).toContain("60,000 → 40,000 points");
    expect(changeMails()[0]!.text).toContain("$4,000 → $3,000");
  });

  it("tells each program's change on its own: two programs changed the same day are two alerts", async () => {
    await alertsOn();
    const urlSilver = "https://silverbank.example/terms";
    const gold = await seedProgram("Gold card", URL_GOLD);
    const silver = await seedProgram("Silver card", urlSilver);
    pages.html(URL_GOLD, termsHtml("60,000"));
    pages.html(urlSilver, termsHtml("60,000"));
    await check(gold);
    await check(silver);
    pages.html(URL_GOLD, termsHtml("50,000"));
    pages.html(urlSilver, termsHtml("50,000"));
    await check(gold);
    await check(silver);
    expect((await alertsRaised()).map((a) => [a.kind, a.message.data.programName, a.message.data.version])).toEqual([
      ["terms-changed", "Gold card", 2],
      ["terms-changed", "Silver card", 2],
    ]);
  });

  it("makes a page unreachable after two definite failures in a row, tells it once with the failure's kind, and clears it on the next 2xx read", async () => {
    await seedAdmins();
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);

    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 404));
    expect(await check(gold)).toBe("broken");
    const failingSince = clock.now().toISOString();
    expect(await termsStateOfProgram(gold.id)).toMatchObject({
      status: "watching",
      lastRead: { at: failingSince, outcome: "broken", reason: "the page answered HTTP 404" },
    });
    expect(mail.sent).toEqual([]);

    expect(await check(gold)).toBe("broken");
    expect(await termsStateOfProgram(gold.id)).toMatchObject({ status: "unreachable", unreachableSince: failingSince });
    expect(unreachableMails().map((m) => [m.to, m.subject])).toEqual([
      [ADMINS[0]!.email, "The Gold card terms page cannot be read"],
      [ADMINS[1]!.email, "The Gold card terms page cannot be read"],
    ]);
    for (const sent of unreachableMails()) {
      expect(sent.text).toContain("Last check: the page answered HTTP 404");
      expect(sent.text).toContain(reviewUrlOf(gold.id));
    }
    expect(await alertsRaised()).toEqual([
      {
        kind: "terms-unreachable",
        message: {
          text: "Gold card: its terms page could not be read twice in a row (the page answered HTTP 404).",
          url: reviewUrlOf(gold.id),
          data: { programId: gold.id, programName: "Gold card", unreachableSince: failingSince, reason: "the page answered HTTP 404" },
        },
      },
    ]);

    // still down: the same spell, told already
    expect(await check(gold)).toBe("broken");
    expect(unreachableMails()).toHaveLength(2);
    expect(await alertsRaised()).toHaveLength(1);

    // back, with a change made meanwhile: the change shows, and is told
    pages.html(URL_GOLD, termsHtml("20,000"));
    expect(await check(gold)).toBe("kept");
    const state = await termsStateOfProgram(gold.id);
    expect(state).toMatchObject({ status: "changed", latestVersion: 2, lastRead: { outcome: "ok", reason: null } });
    expect(state).not.toHaveProperty("unreachableSince");
    expect(changeMails()).toHaveLength(2);

    // down again later: a new spell, told again
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 404));
    await check(gold);
    const secondSpell = clock.now().toISOString();
    await check(gold);
    expect(await termsStateOfProgram(gold.id)).toMatchObject({ status: "unreachable", unreachableSince: secondSpell });
    expect(unreachableMails()).toHaveLength(4);
    expect((await alertsRaised()).filter((a) => a.kind === "terms-unreachable").map((a) => a.message.data.unreachableSince)).toEqual([
      failingSince,
      secondSpell,
    ]);
  });

  it("names why a page cannot be read by its kind, never by the tester's sentence with the host in it", async () => {
    await seedAdmins(ADMINS.slice(0, 1));
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.answer(URL_GOLD, networkFailure(URL_GOLD, "ENOTFOUND"));
    expect(await check(gold)).toBe("broken");
    expect(await check(gold)).toBe("broken");
    expect(await termsStateOfProgram(gold.id)).toMatchObject({
      status: "unreachable",
      lastRead: { outcome: "broken", reason: "the host does not exist" },
    });
    const [told] = unreachableMails();
    expect(told!.text).toContain("Last check: the host does not exist");
    const [alert] = await alertsRaised();
    expect(alert!.message.text).toBe("Gold card: its terms page could not be read twice in a row (the host does not exist).");
    expect(JSON.stringify(alert)).not.toContain("could not be reached");
  });

  it("counts a page that could not be verified as inconclusive: it neither counts towards unreachable nor breaks a run of failures", async () => {
    await seedAdmins(ADMINS.slice(0, 1));
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 503));
    expect(await check(gold)).toBe("inconclusive");
    expect(await termsStateOfProgram(gold.id)).toMatchObject({
      status: "watching",
      latestVersion: null,
      lastRead: { outcome: "inconclusive", reason: "the page answered HTTP 503" },
    });
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 410));
    expect(await check(gold)).toBe("broken");
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 503));
    expect(await check(gold)).toBe("inconclusive");
    expect((await termsStateOfProgram(gold.id))!.status).toBe("watching");
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 410));
    expect(await check(gold)).toBe("broken");
    expect((await termsStateOfProgram(gold.id))!.status).toBe("unreachable");
    expect(unreachableMails()).toHaveLength(1);
    expect(unreachableMails()[0]!.text).toContain("Last check: the page answered HTTP 410");
  });

  it("finds no text in a 2xx answer without a body, nor in a page of fewer than 200 characters, and keeps one of 200", async () => {
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.answer(URL_GOLD, { ...pageAnswer(URL_GOLD, ""), page: null });
    expect(await check(gold)).toBe("inconclusive");
    expect((await termsStateOfProgram(gold.id))!.lastRead).toMatchObject({ outcome: "inconclusive", reason: "the page sent no body" });

    pages.answer(URL_GOLD, pageAnswer(URL_GOLD, `  ${"x".repeat(199)}  `, "text/plain"));
    expect(await check(gold)).toBe("inconclusive");
    expect((await termsStateOfProgram(gold.id))!.lastRead).toMatchObject({
      outcome: "inconclusive",
      reason: "fewer than 200 characters of text",
    });
    expect(await listTermsVersions(gold.id)).toEqual([]);

    pages.answer(URL_GOLD, pageAnswer(URL_GOLD, "x".repeat(200), "text/plain"));
    expect(await check(gold)).toBe("kept");
    expect(await termsStateOfProgram(gold.id)).toMatchObject({ status: "watching", latestVersion: 1 });
  });

  it("reads a plain-text page as it is, its spaces collapsed, and an HTML page (however its type is written) as its readable text", async () => {
    const plain = await seedProgram("Plain card", "https://plainbank.example/terms.txt");
    const words = "Earn 60,000 bonus points for each friend who is approved for the card through your referral link.";
    pages.answer(
      plain.termsUrl!,
      pageAnswer(plain.termsUrl!, `\n\t <main>${words}</main>\n\n   ${words}  \r\n  ${words}   \n`, "text/plain; charset=utf-8"),
    );
    expect(await check(plain)).toBe("kept");
    expect(await readTermsVersion(plain.id, 1)).toMatchObject({
      text: `<main>${words}</main> ${words} ${words}`,
      lang: null,
      figures: Array.from({ length: 3 }, () => expect.objectContaining({ value: 60_000, unit: "points" })),
    });

    for (const [name, contentType] of [
      ["Untyped card", null],
      ["Xhtml card", "APPLICATION/XHTML+XML"],
      ["Html card", "Text/HTML"],
    ] as const) {
      const program = await seedProgram(name, `https://${name.split(" ")[0]!.toLowerCase()}bank.example/terms`);
      pages.answer(program.termsUrl!, pageAnswer(program.termsUrl!, termsHtml("60,000", "", "en-GB"), contentType));
      expect(await check(program), name).toBe("kept");
      const version = await readTermsVersion(program.id, 1);
      expect(version!.text, name).toMatch(/^Refer a friend Earn 60,000 bonus points/);
      expect(version!.text, name).not.toContain("<p>");
      expect(version!.text, name).not.toContain("Member FDIC");
      expect(version!.lang, name).toBe("en-GB");
    }
  });

  it("keeps at most 100,000 bytes of a long text, yet tells a change past them: the whole text is compared", async () => {
    const gold = await seedProgram("Gold card", URL_GOLD);
    const filler = "Points are subject to the program rules and may be forfeited. ".repeat(2_000);
    pages.html(URL_GOLD, termsHtml("60,000", ` ${filler} The end.`));
    expect(await check(gold)).toBe("kept");
    const kept = await readTermsVersion(gold.id, 1);
    expect(Buffer.byteLength(kept!.text, "utf8")).toBeLessThanOrEqual(TERMS_TEXT_MAX_BYTES);
    expect(Buffer.byteLength(kept!.text, "utf8")).toBeGreaterThan(TERMS_TEXT_MAX_BYTES - 100);

    pages.html(URL_GOLD, termsHtml("60,000", ` ${filler} The end, for now.`));
    expect(await check(gold)).toBe("kept");
    expect(await termsStateOfProgram(gold.id)).toMatchObject({ status: "changed", latestVersion: 2 });
    expect(await check(gold)).toBe("same");
  });

  it("keeps the first 200 figures of a page that names more, and says they were cut", async () => {
    const gold = await seedProgram("Gold card", URL_GOLD);
    const many = Array.from({ length: 250 }, (_, i) => `Tier ${String(i + 1)} earns ${String(1_000 + i)} points.`).join(" ");
    pages.html(URL_GOLD, termsHtml("60,000", ` ${many}`));
    expect(await check(gold)).toBe("kept");
    const [version] = await listTermsVersions(gold.id);
    expect(version!.figuresCut).toBe(true);
    expect(version!.figures).toHaveLength(200);
  });

  it("makes a page that cannot be read at all inconclusive, and logs the program and the kind of error, never the address", async () => {
    const warned: unknown[][] = [];
    vi.spyOn(logger, "warn").mockImplementation((...args: unknown[]) => void warned.push(args));
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.answer(URL_GOLD, { throws: new TypeError(`fetch failed for ${URL_GOLD}`) });
    expect(await check(gold)).toBe("inconclusive");
    expect((await termsStateOfProgram(gold.id))!.lastRead).toMatchObject({ outcome: "inconclusive", reason: "the page could not be read" });
    expect(warned).toEqual([["terms page not read", { programId: gold.id, error: "TypeError" }]]);

    pages.answer(URL_GOLD, { throws: `no page at ${URL_GOLD}` });
    expect(await check(gold)).toBe("inconclusive");
    expect(warned[1]).toEqual(["terms page not read", { programId: gold.id, error: "unknown" }]);
    expect(JSON.stringify(warned)).not.toContain("goldbank");
  });

  it("reads nothing of a program without a terms page, and records nothing for one not approved or whose page moved since it was listed", async () => {
    const plain = await seedProgram("Plain card", null);
    expect(await check(plain)).toBe("skipped");
    expect(await recordInterruptedRead(deps, plain)).toBe("skipped");
    expect(pages.asked).toEqual([]);

    const proposed = await seedProgram("Proposed card", URL_GOLD, { approved: false });
    pages.html(URL_GOLD, termsHtml("60,000"));
    expect(await check(proposed)).toBe("skipped");
    expect((await getProgram(proposed.id))!.termsWatch).toBeNull();
    expect(await listTermsVersions(proposed.id)).toEqual([]);

    const moved = await seedProgram("Moved card", URL_GOLD);
    await updateProgram(moved.id, { termsUrl: "https://www.goldbank.example/new-terms" });
    expect(await check(moved)).toBe("skipped");
    expect((await getProgram(moved.id))!.termsWatch).toBeNull();
    expect(await termsStateOfProgram(moved.id)).toMatchObject({ status: "watching", checkedAt: null, latestVersion: null });
  });

  it("records a read a crashed slice left in progress as inconclusive, without reading the page again", async () => {
    const gold = await seedProgram("Gold card", URL_GOLD);
    clock.tick();
    expect(await recordInterruptedRead(deps, gold)).toBe("inconclusive");
    expect(pages.asked).toEqual([]);
    expect(await termsStateOfProgram(gold.id)).toMatchObject({
      status: "watching",
      checkedAt: clock.now().toISOString(),
      lastRead: { outcome: "inconclusive", reason: "the read before did not finish" },
    });
  });
});

describe("what admins are told", () => {
  it("tells an admin whose mail was refused at the next check, and nobody else twice", async () => {
    const errors: unknown[][] = [];
    vi.spyOn(logger, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
    await seedAdmins();
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);

    mail.refuseWhen((m) => (m.to === ADMINS[1]!.email ? new Error("451 mailbox busy") : null));
    pages.html(URL_GOLD, termsHtml("40,000"));
    expect(await check(gold)).toBe("kept");
    expect(changeMails().map((m) => m.to)).toEqual([ADMINS[0]!.email]);
    expect(errors).toHaveLength(1);
    expect(errors[0]![0]).toBe("terms-watch e-mail not sent");
    expect(errors[0]![1]).toEqual({ claim: `terms-changed_${gold.id}_2_admin-2`, error: "451 mailbox busy" });
    expect(JSON.stringify(errors)).not.toContain(ADMINS[1]!.email);

    mail.refuseWhen(() => null);
    expect(await check(gold)).toBe("same");
    expect(changeMails().map((m) => m.to)).toEqual([ADMINS[0]!.email, ADMINS[1]!.email]);
    expect(await alertsRaised()).toHaveLength(1);

    expect(await check(gold)).toBe("same");
    expect(changeMails()).toHaveLength(2);
  });

  it("tells the other admins when the first one's mail is refused, of a change as of an unreachable page", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await seedAdmins();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);

    mail.refuseWhen((m) => (m.to === ADMINS[0]!.email ? new Error("451 mailbox busy") : null));
    pages.html(URL_GOLD, termsHtml("40,000"));
    expect(await check(gold)).toBe("kept");
    expect(changeMails().map((m) => m.to)).toEqual([ADMINS[1]!.email]);
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 404));
    await check(gold);
    expect(await check(gold)).toBe("broken");
    expect(unreachableMails().map((m) => m.to)).toEqual([ADMINS[1]!.email]);

    mail.refuseWhen(() => null);
    await check(gold);
    expect(changeMails().map((m) => m.to)).toEqual([ADMINS[1]!.email, ADMINS[0]!.email]);
    expect(unreachableMails().map((m) => m.to)).toEqual([ADMINS[1]!.email, ADMINS[0]!.email]);
  });

  it("logs a refusal that is no Error as it came", async () => {
    const errors: unknown[][] = [];
    vi.spyOn(logger, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
    await seedAdmins(ADMINS.slice(0, 1));
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    mail.refuseWhen(() => "server gone");
    pages.html(URL_GOLD, termsHtml("40,000"));
    await check(gold);
    expect(errors).toEqual([["terms-watch e-mail not sent", { claim: `terms-changed_${gold.id}_2_admin-1`, error: "server gone" }]]);
  });

  it("keeps what was told: an admin who joins after a change and a spell were told hears of neither, though a refused mail is told through the spell", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await seedAdmins();
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);

    // the change reaches the first admin; the second's mail server refuses news of changes for a while
    mail.refuseWhen((m) => (m.to === ADMINS[1]!.email && /changed$/.test(m.subject) ? new Error("refused") : null));
    pages.html(URL_GOLD, termsHtml("40,000"));
    await check(gold);
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 404));
    await check(gold);
    await check(gold);
    expect(await termsStateOfProgram(gold.id)).toMatchObject({ status: "unreachable", latestVersion: 2 });
    expect(unreachableMails().map((m) => m.to)).toEqual([ADMINS[0]!.email, ADMINS[1]!.email]);
    expect(changeMails().map((m) => m.to)).toEqual([ADMINS[0]!.email]);

    // the refused change is told while the page is still down, and the spell is not told again
    mail.refuseWhen(() => null);
    await check(gold);
    expect(changeMails().map((m) => m.to)).toEqual([ADMINS[0]!.email, ADMINS[1]!.email]);
    expect(unreachableMails()).toHaveLength(2);

    // an admin who joins now is told of neither
    await seedAdmin("admin-3", "third.admin@example.com");
    await check(gold);
    await check(gold);
    expect(mail.to("third.admin@example.com")).toEqual([]);
    expect((await alertsRaised()).map((a) => a.kind)).toEqual(["terms-changed", "terms-unreachable"]);

    // nor of the change after the page is back unchanged
    pages.html(URL_GOLD, termsHtml("40,000"));
    expect(await check(gold)).toBe("same");
    expect(mail.to("third.admin@example.com")).toEqual([]);
  });

  it("an admin who joins after a change was told is not told of it at the next read", async () => {
    await seedAdmins(ADMINS.slice(0, 1));
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    pages.html(URL_GOLD, termsHtml("40,000"));
    await check(gold);
    await seedAdmin("admin-3", "third.admin@example.com");
    expect(await check(gold)).toBe("same");
    expect(changeMails().map((m) => m.to)).toEqual([ADMINS[0]!.email]);
  });

  it("an admin who joins after a change and then a spell were told hears of neither", async () => {
    await seedAdmins(ADMINS.slice(0, 1));
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    pages.html(URL_GOLD, termsHtml("40,000"));
    await check(gold);
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 404));
    await check(gold);
    await check(gold);
    expect(mail.sent.map((m) => [m.to, m.subject])).toEqual([
      [ADMINS[0]!.email, "The Gold card terms changed"],
      [ADMINS[0]!.email, "The Gold card terms page cannot be read"],
    ]);
    await seedAdmin("admin-3", "third.admin@example.com");
    await check(gold);
    pages.html(URL_GOLD, termsHtml("40,000"));
    expect(await check(gold)).toBe("same");
    expect(mail.to("third.admin@example.com")).toEqual([]);
  });

  it("an admin who joins during an unreachable spell that was told is not told of it", async () => {
    await seedAdmins(ADMINS.slice(0, 1));
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    pages.answer(URL_GOLD, statusAnswer(URL_GOLD, 404));
    await check(gold);
    await check(gold);
    await seedAdmin("admin-3", "third.admin@example.com");
    await check(gold);
    expect(unreachableMails().map((m) => m.to)).toEqual([ADMINS[0]!.email]);
  });

  it("tells nothing of a program without a watch or a terms page", async () => {
    await seedAdmins();
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    pages.html(URL_GOLD, termsHtml("40,000"));
    mail.refuseWhen(() => new Error("nothing may be sent yet"));
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await check(gold);
    mail.refuseWhen(() => null);
    const program = (await getProgram(gold.id))!;
    await tellAdmins(deps, { ...program, termsWatch: null }, "");
    await tellAdmins(deps, { ...program, termsUrl: null }, "");
    expect(mail.sent).toEqual([]);
    // what it holds back is told once the program is whole
    await tellAdmins(deps, program, "");
    expect(changeMails()).toHaveLength(2);
  });

  it("tells what it was given, and writes nothing onto a program whose watch has moved on to another page, or has none", async () => {
    await seedAdmins(ADMINS.slice(0, 1));
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    pages.html(URL_GOLD, termsHtml("40,000"));
    mail.refuseWhen(() => new Error("later"));
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await check(gold);
    mail.refuseWhen(() => null);
    const told = (await getProgram(gold.id))!;

    // meanwhile the admin gave the program a new page, and it was read
    const newUrl = "https://www.goldbank.example/terms-2026";
    await updateProgram(gold.id, { termsUrl: newUrl });
    pages.html(newUrl, termsHtml("90,000"));
    await check({ id: gold.id, termsUrl: newUrl });
    const moved = (await getProgram(gold.id))!.termsWatch;

    await tellAdmins(deps, told, "");
    expect(changeMails()).toHaveLength(1);
    expect((await getProgram(gold.id))!.termsWatch).toEqual(moved);

    // a program whose watch is gone altogether
    const bare = await seedProgram("Bare card", "https://barebank.example/terms");
    await tellAdmins(deps, { ...told, id: bare.id, name: "Bare card", termsUrl: bare.termsUrl }, "");
    expect(changeMails().map((m) => m.subject)).toEqual(["The Gold card terms changed", "The Bare card terms changed"]);
    expect((await getProgram(bare.id))!.termsWatch).toBeNull();
  });
});

describe("the figures a mail and an alert list", () => {
  /** A change from 60,000 to 40,000 points that nobody was told of yet (no admin when it was read). */
  async function untoldChange() {
    await alertsOn();
    const gold = await seedProgram("Gold card", URL_GOLD);
    pages.html(URL_GOLD, termsHtml("60,000"));
    await check(gold);
    pages.html(URL_GOLD, termsHtml("40,000"));
    await check(gold);
    await seedAdmins(ADMINS.slice(0, 1));
    await forgetTold();
    const program = (await getProgram(gold.id))!;
    return { ...program, termsWatch: { ...program.termsWatch!, toldChange: null } };
  }
  /** Forgets that the change was told (its alert and mails), so that the next tell is seen. */
  const forgetTold = async () => {
    for (const collection of [COLLECTIONS.alertDeliveries, COLLECTIONS.mailClaims]) {
      const snap = await db().collection(collection).get();
      await Promise.all(snap.docs.map((d) => d.ref.delete()));
    }
  };
  const diffDoc = (id: string) => db().doc(`programs/${id}/terms_diffs/current`);
  const points = (value: number) => ({ text: `${value.toLocaleString("en-US")} bonus points`, value, unit: "points" });

  it("are those of the diff stored with the read, when it is of the reviewed and the told version", async () => {
    const program = await untoldChange();
    await diffDoc(program.id).update({ figures: [{ before: points(60_000), after: points(45_000) }] });
    await tellAdmins(deps, program, "");
    expect(changeMails()[0]!.text).toContain("60,000 → 45,000 points");
    expect((await alertsRaised())[0]!.message.data.figures).toBe("60,000 → 45,000 points");
  });

  it("are worked out from the versions when the stored diff is of other versions, or gone", async () => {
    const program = await untoldChange();
    const stale = [{ before: points(1), after: points(2) }];
    const cases: [string, () => Promise<unknown>][] = [
      ["a diff to a later version", () => diffDoc(program.id).update({ from: 1, to: 3, figures: stale })],
      ["a diff from another version", () => diffDoc(program.id).update({ from: 0, to: 2, figures: stale })],
      ["no diff", () => diffDoc(program.id).delete()],
    ];
    for (const [what, storeIt] of cases) {
      await storeIt();
      await forgetTold();
      await tellAdmins(deps, program, "");
      expect(changeMails().at(-1)!.text, what).toContain("60,000 → 40,000 points");
      expect((await alertsRaised())[0]!.message.data.figures, what).toBe("60,000 → 40,000 points");
    }
    expect(changeMails()).toHaveLength(3);
  });

  it("name the figure found when the reviewed version is gone, and none when both are", async () => {
    const program = await untoldChange();
    await diffDoc(program.id).delete();
    await db().doc(`programs/${program.id}/terms_versions/1`).delete();
    await tellAdmins(deps, program, "");
    const [alert] = await alertsRaised();
    expect(alert!.message.data.figures).toMatch(/^new: 40,000 points; new: 5 referrals; new: \$4,000/);

    await db().doc(`programs/${program.id}/terms_versions/2`).delete();
    await forgetTold();
    await tellAdmins(deps, program, "");
    expect((await alertsRaised())[0]!.message.text).toBe(
      "Gold card: its terms changed (the wording only). Nothing was changed in the hub.",
    );
    expect(changeMails()[1]!.text).toContain("No amount it names changed: only its wording.");
  });
});
