import { onTestFinished } from "vitest";
import { upsertAdmin } from "../../src/accounts/users.store";
import { changeAlertChannel } from "../../src/alerts/alerts.store";
import { createProgram, getProgram, updateProgram, type ProgramRecord } from "../../src/catalog/programs.store";
import { termsStateOf } from "../../src/catalog/terms-watch-record";
import type { AppDeps, PageRead, PageReader } from "../../src/platform/deps";
import { COLLECTIONS, db } from "../../src/platform/db";
import type { Mailer, OutgoingMail } from "../../src/platform/mailer";
import { forwardTasks, keepTasks, type KeptTask } from "../../../testing/task-queue-switch";

/*
 * Stand-ins for what the terms watch reaches outside this process, for the in-process tests of the
 * terms watch (terms-*.in-process.test.ts): the bank's pages (a page reader answering what a test
 * sets), the mail server (a mailer that keeps what it was handed, and refuses what a test says), the
 * queues (a Cloud Tasks stand-in that keeps what was enqueued, so no task reaches the emulator's
 * functions), and the admins, the alerts channel and the programs, seeded through the stores.
 */

/** The hub's own address in the mails and alerts of these tests. */
export const APP_ORIGIN = "https://hub.example.com";
export const COMMUNITY = { name: "Points Collective", joinUrl: "https://points.example.org/join", supportEmail: "help@points.example.org" };

/** A terms page as banks write them: navigation and a footer around the terms, whose bonus is `bonus` points. */
export function termsHtml(bonus: string, extra = "", lang = "en"): string {
  return `<!doctype html><html lang="${lang}"><head><title>Referral terms</title><style>p{margin:0}</style></head><body>
<nav><a href="/">Home</a> <a href="/cards">Cards</a></nav>
<main><h1>Refer a friend</h1>
<p>Earn ${bonus} bonus points for each friend who is approved for the card through your referral link.</p>
<p>You can earn up to 5 referrals per calendar year. Your friend must spend $4,000 on purchases in the first 3 months.</p>
<p>Points are credited within 8 weeks after the friend's qualifying spend. Offer terms may change at any time.${extra}</p>
</main><footer>© 2026 Example Bank. Member FDIC.</footer></body></html>`;
}

/** A 2xx answer carrying `text` as `contentType`. */
export const pageAnswer = (url: string, text: string, contentType: string | null = "text/html; charset=utf-8"): PageRead => ({
  isValid: true,
  responseTime: 12,
  errorMessage: null,
  statusCode: 200,
  finalUrl: url,
  page: { text, contentType, cut: false },
});

/** An answer of `status` (no page), worded as the link tester words it: with the address in it. */
export const statusAnswer = (url: string, status: number): PageRead => ({
  isValid: false,
  responseTime: 12,
  errorMessage: `Broken: HTTP ${String(status)} from ${url}`,
  statusCode: status,
  finalUrl: url,
  page: null,
});

/** No answer at all (`code` as Node names it), worded as the link tester words it: with the host in it. */
export const networkFailure = (url: string, code: string): PageRead => ({
  isValid: false,
  responseTime: 12,
  errorMessage: `Broken: ${new URL(url).host} could not be reached (${code})`,
  statusCode: null,
  finalUrl: url,
  errorCode: code,
  page: null,
});

type Answer = PageRead | { throws: unknown } | ((url: string) => Promise<PageRead>);

/**
 * The banks' pages: each URL answers what the test set (404 until set). Every read gives its host's
 * turn back at once: the pacing between reads is host-turns' own (and its tests'), and here it would
 * only make each test wait.
 */
export function standInPages() {
  const answers = new Map<string, Answer>();
  const asked: { url: string; maxBytes: number }[] = [];
  const reader: PageReader = {
    async read(url, maxBytes) {
      asked.push({ url, maxBytes });
      await forgetHostTurns();
      const answer = answers.get(url) ?? statusAnswer(url, 404);
      if (typeof answer === "function") return answer(url);
      if ("throws" in answer) throw answer.throws;
      return answer;
    },
  };
  return {
    reader,
    asked,
    /** How often `url` was read. */
    readsOf: (url: string) => asked.filter((a) => a.url === url).length,
    html(url: string, html: string) {
      answers.set(url, pageAnswer(url, html));
    },
    answer(url: string, answer: Answer) {
      answers.set(url, answer);
    },
  };
}

async function forgetHostTurns(): Promise<void> {
  const paces = await db().collection(COLLECTIONS.hostPaces).get();
  await Promise.all(paces.docs.map((d) => d.ref.delete()));
}

/** A mail server that keeps what it was handed; `refuse` says which mails it refuses (nothing handed over). */
export function recordingMailer() {
  const sent: OutgoingMail[] = [];
  let refuse: (mail: OutgoingMail) => unknown = () => null;
  const mailer: Mailer = {
    async send(mail) {
      const refusal = refuse(mail);
      if (refusal !== null) throw refusal;
      sent.push(mail);
    },
  };
  return {
    mailer,
    sent,
    /** The mails to `address` whose subject matches `subject`. */
    to: (address: string, subject = /./) => sent.filter((m) => m.to === address && subject.test(m.subject)),
    /** From now on, mails for which `refusal` answers something other than null are refused with it. */
    refuseWhen(refusal: (mail: OutgoingMail) => unknown) {
      refuse = refusal;
    },
  };
}

/** The queues: the tasks the test enqueues are kept (by queue), so none reaches the emulator's functions. */
export function standInQueues() {
  const tasks: KeptTask[] = [];
  return {
    tasks,
    /** Keeps the tasks until the test ends. */
    use() {
      keepTasks(tasks);
      onTestFinished(forwardTasks);
    },
  };
}

/** A clock the test moves: each call of `tick` is a day later. */
export function testClock(start = "2026-03-02T02:00:00.000Z") {
  let at = new Date(start);
  return {
    now: () => at,
    tick(days = 1) {
      at = new Date(at.getTime() + days * 86_400_000);
      return at;
    },
  };
}

/** The app's dependencies as the terms watch uses them (the others fail if reached). */
export function termsDeps(parts: { pageReader: PageReader; mailer: Mailer; now: () => Date }): AppDeps {
  const unused = () => {
    throw new Error("not used by the terms watch");
  };
  return {
    subscriptions: { findByEmail: unused, findByCustomer: unused, listPage: unused, customerKnown: unused },
    linkTester: { test: unused },
    webhooks: { post: unused, isAllowedUrl: () => true },
    appOrigin: APP_ORIGIN,
    community: COMMUNITY,
    webApiKey: "demo-api-key",
    adminSetupToken: null,
    keyedHashSecret: "terms-watch-tests-keyed-hash-secret",
    clientIp: { header: "x-forwarded-for", trustedHops: 0, cdnRanges: [] },
    exposeLoginToken: false,
    loginMailQueue: null,
    loginMailsPerHour: 100,
    ...parts,
  };
}

/** An admin (`uid`, `email`), as the first-admin registration and admin:create store one. */
export const seedAdmin = (uid: string, email: string) => upsertAdmin(uid, email, async () => undefined);

/** The alerts channel on, for every event. */
export const alertsOn = () =>
  changeAlertChannel(() => ({ webhookUrl: "https://hooks.receiver.example/services/terms", signingSecret: "whsec_terms_tests" }));

/** The alerts raised, oldest first: their event and message. */
export async function alertsRaised(): Promise<{ kind: string; message: { text: string; url: string; data: Record<string, unknown> } }[]> {
  const snap = await db().collection(COLLECTIONS.alertDeliveries).orderBy("createdAt").get();
  return snap.docs.map((d) => ({ kind: String(d.get("kind")), message: d.get("message") as never }));
}

/** A program as an admin makes it (approved unless said otherwise), with its terms page at `termsUrl`. */
export async function seedProgram(name: string, termsUrl: string | null, more: { approved?: boolean; watchFor?: "text" | "figures" } = {}) {
  const program = await createProgram({
    name,
    description: null,
    fallbackUrl: null,
    approved: more.approved ?? true,
    proposedBy: null,
    termsUrl,
  });
  if (more.watchFor) await updateProgram(program.id, { watchFor: more.watchFor });
  return (await getProgram(program.id))!;
}

/** The program's `terms`, as an admin's program answer carries it. */
export async function termsStateOfProgram(id: string) {
  const program: ProgramRecord = (await getProgram(id))!;
  return termsStateOf(program, program.termsWatch);
}
