/**
 * Demo data for `npm start`: programs in each state, members with links in every state, an admin.
 * Runs against the emulators only (refuses anything else).
 */
import { Timestamp, type Firestore } from "firebase-admin/firestore";
import { addDays, utcDay } from "@hub/contract/dates";
import {
  auth,
  db,
  createLink,
  createProgram,
  updateProgram,
  recountProgramLinks,
  refreshClickWindows,
  foldFinishedDays,
  addTrafficTallies,
  foldFinishedTrafficDays,
  newClickId,
  recordVisit,
  ensureAdmin,
  recordOutcome,
  setSnooze,
  checkProgramTerms,
  createLinkTester,
  emulatorFixtureOptions,
  SmtpMailer,
  changeAlertChannel,
  saveTierSettings,
} from "../functions/src/toolkit";
import { memberTier, type TierSettings } from "@hub/contract/tiers";
import { SEED_PRICES } from "./stripe-local/seed";
import { setTermsPage, termsHtml, termsPageUrl, webhookUrl } from "../testing/fixture-site";
import type { CreateOutcomeRequest } from "@hub/contract/outcomes";
import { DEMO, DEMO_COMMUNITY, FIXTURE_SITE, LOCAL_VISITOR_COOKIE_SECRET, URLS } from "../testing/suite-config";

const DAY = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => Timestamp.fromMillis(Date.now() - daysAgo * DAY);

interface DemoMember {
  email: string;
  displayName: string;
  approved: boolean;
  createdByAdmin: boolean;
  subscriptionStatus: string | null;
  /** The subscription's prices (the local Stripe's seed has the same): what grants a tier. */
  priceIds?: string[];
}

/** The demo's tiers: Gold, sold at its own price, shows its members' links twice as often (the contract's *Tiers and weighted shares*). */
const DEMO_TIERS: TierSettings = {
  tiers: [
    { id: "standard", name: "Standard", weight: 1, stripePriceIds: [SEED_PRICES.member] },
    { id: "gold", name: "Gold", weight: 2, stripePriceIds: [SEED_PRICES.gold] },
  ],
  defaultTierId: "standard",
};

const MEMBERS: DemoMember[] = [
  {
    email: DEMO.member,
    displayName: "Alice Active",
    approved: true,
    createdByAdmin: false,
    subscriptionStatus: "active",
    priceIds: [SEED_PRICES.gold],
  },
  {
    email: DEMO.trialMember,
    displayName: "Tom Trial",
    approved: false,
    createdByAdmin: false,
    subscriptionStatus: "trialing",
    priceIds: [SEED_PRICES.member],
  },
  { email: "casey@example.com", displayName: "Casey Invited", approved: true, createdByAdmin: true, subscriptionStatus: null },
  { email: "blocked@example.com", displayName: "Bob Blocked", approved: true, createdByAdmin: true, subscriptionStatus: null },
];

const PROGRAMS = [
  {
    key: "sapphire",
    name: "Chase Sapphire Preferred",
    description: "Travel rewards credit card",
    approved: true,
    distributionMode: "even",
    fallbackUrl: "https://creditcards.chase.com/",
    isSharedOnSite: true,
    // the bank pays one referrer at most five bonuses a calendar year: Alice has had hers (demo outcomes)
    // its terms page (on the fixture site) cut the bonus this week: the terms watch marks it for review
    rules: { referrerCap: { count: 5, period: "calendar-year" }, offerEndsInDays: null, termsUrl: termsPageUrl("chase-sapphire", 1) },
  },
  {
    key: "amexgold",
    name: "Amex Gold",
    description: "Dining and grocery rewards card",
    approved: true,
    distributionMode: "balanced",
    fallbackUrl: null,
    isSharedOnSite: true,
    // an offer that ends within the week: its owners get the seven-day warning from the day's turn
    rules: {
      referrerCap: { count: 3, period: "rolling-12-months" },
      offerEndsInDays: 4,
      termsUrl: termsPageUrl("amex-gold", 2),
    },
  },
  {
    key: "discover",
    name: "Discover it Cash Back",
    description: "Rotating 5% categories",
    approved: true,
    distributionMode: "even",
    fallbackUrl: "https://www.discover.com/credit-cards/",
    isSharedOnSite: false,
    rules: null,
  },
  {
    key: "cap360",
    name: "Capital One 360 Checking",
    description: "Bank account bonus",
    approved: false,
    distributionMode: "even",
    fallbackUrl: null,
    isSharedOnSite: false,
    rules: null,
  },
] as const;

type ProgramKey = (typeof PROGRAMS)[number]["key"];

interface DemoLink {
  program: ProgramKey;
  owner: string;
  state: "active" | "pending" | "paused" | "dead";
  visits: number;
  daysAgo: number;
  deadNote?: string;
  testedOffer?: string;
  /** Its offer page is gone (404): the link-health check takes it out of the rotation on its next run. */
  broken?: true;
}

/**
 * Demo links point at the local fixture site (the suite has no internet, so real banks never answer):
 * its offer page works, and the one `broken` link's page is gone, so the health monitor has one link
 * to act on rather than every link failing.
 */
const demoUrl = (link: DemoLink) => `${FIXTURE_SITE}/${link.broken ? "expired" : "offer"}?ref=${link.program}-${link.owner.split("@")[0]}`;

const LINKS: DemoLink[] = [
  {
    program: "sapphire",
    owner: DEMO.member,
    state: "active",
    visits: 42,
    daysAgo: 40,
    testedOffer: "60,000 points after $4,000 spend (tested ok)",
  },
  // active, but its owner snoozed it (demo snooze below): the bank stopped counting their referrals for now
  { program: "amexgold", owner: DEMO.member, state: "active", visits: 6, daysAgo: 25 },
  {
    program: "discover",
    owner: DEMO.member,
    state: "dead",
    visits: 9,
    daysAgo: 90,
    deadNote: "The offer page says this referral code has expired.",
  },
  { program: "sapphire", owner: DEMO.trialMember, state: "paused", visits: 17, daysAgo: 20 },
  { program: "amexgold", owner: DEMO.trialMember, state: "active", visits: 5, daysAgo: 10, broken: true },
  { program: "sapphire", owner: "casey@example.com", state: "active", visits: 31, daysAgo: 30 },
  { program: "cap360", owner: "casey@example.com", state: "pending", visits: 0, daysAgo: 2 },
  // waiting for review in a shared program: the Referral Links tab shows it with its default filters
  { program: "amexgold", owner: "casey@example.com", state: "pending", visits: 0, daysAgo: 1 },
  { program: "amexgold", owner: "blocked@example.com", state: "paused", visits: 3, daysAgo: 50 },
];

/**
 * What came of the members' referrals, days ago (kept within this calendar year where `thisYear`, so
 * Alice's five paid Sapphire bonuses reach the program's yearly cap whatever the date): Earnings,
 * the cap, the Outcomes tab in /analytics and the open page's paid count all have something to show.
 */
const OUTCOMES: {
  program: ProgramKey;
  owner: string;
  daysAgo: number;
  thisYear?: true;
  outcome: Omit<CreateOutcomeRequest, "occurredOn">;
}[] = [
  { program: "sapphire", owner: DEMO.member, daysAgo: 400, outcome: { kind: "paid", amount: 120, currency: "USD", note: "Last year's" } },
  ...[70, 50, 25].map((daysAgo) => ({
    program: "sapphire" as const,
    owner: DEMO.member,
    daysAgo,
    thisYear: true as const,
    outcome: { kind: "signed-up" as const },
  })),
  ...[60, 45, 30, 18, 6].map((daysAgo, i) => ({
    program: "sapphire" as const,
    owner: DEMO.member,
    daysAgo,
    thisYear: true as const,
    outcome: { kind: "paid" as const, amount: 150, currency: "USD", ...(i === 4 ? { note: "Fifth bonus: the yearly maximum" } : {}) },
  })),
  { program: "amexgold", owner: DEMO.member, daysAgo: 20, outcome: { kind: "paid", amount: 250, currency: "USD" } },
  {
    program: "amexgold",
    owner: DEMO.member,
    daysAgo: 3,
    outcome: { kind: "clawed-back", amount: 250, currency: "USD", note: "The friend closed the card within six months" },
  },
  { program: "sapphire", owner: "casey@example.com", daysAgo: 12, outcome: { kind: "paid", amount: 100, currency: "EUR" } },
];

type NotCounted = { bot: number; repeatVisitor: number; repeatAddress: number; unavailable: number };

/**
 * Requests the rotation answered without counting them (docs/architecture.md, *Honest counts*), per program, on
 * each of `daysAgo` (0 is today): a few bots and repeats here and there, and one program someone
 * pumped all week, so the Traffic tab in /analytics has a program to flag.
 */
const TRAFFIC: { program: ProgramKey; daysAgo: number[]; notCounted: NotCounted }[] = [
  // the same visitors and addresses again and again, far more than its counted visits
  { program: "sapphire", daysAgo: [0, 1, 2, 3, 4, 5, 6], notCounted: { bot: 2, repeatVisitor: 7, repeatAddress: 11, unavailable: 0 } },
  { program: "amexgold", daysAgo: [1, 4, 9, 15, 33], notCounted: { bot: 1, repeatVisitor: 1, repeatAddress: 0, unavailable: 0 } },
  // its only link is dead: visitors go to its fallback
  { program: "discover", daysAgo: [0, 2, 5, 12, 20, 41], notCounted: { bot: 1, repeatVisitor: 0, repeatAddress: 1, unavailable: 2 } },
];

/** A health record of one broken test `hoursAgo` (docs/architecture.md, *Link health*). */
function brokenOnce(hoursAgo: number) {
  const test = {
    at: new Date(Date.now() - hoursAgo * 60 * 60_000).toISOString(),
    outcome: "broken",
    status: 404,
    message: "Broken: HTTP 404 Not Found",
  };
  return { status: "unknown", lastTest: test, consecutiveBroken: 1, tests: [test] };
}

async function seedMember(store: Firestore, member: DemoMember): Promise<void> {
  const { uid } = await auth().createUser({ email: member.email, emailVerified: true, displayName: member.displayName });
  const subscribed = member.subscriptionStatus !== null;
  await store
    .collection("users")
    .doc(uid)
    .set({
      username: member.email,
      email: member.email,
      displayName: member.displayName,
      isAdmin: false,
      blocked: member.email === "blocked@example.com",
      approved: member.approved,
      createdByAdmin: member.createdByAdmin,
      notes: member.createdByAdmin ? "Invited by the community manager." : null,
      stripeCustomerId: subscribed ? `cus_demo_${uid.slice(0, 8)}` : null,
      stripeSubscriptionId: subscribed ? `sub_demo_${uid.slice(0, 8)}` : null,
      subscriptionStatus: member.subscriptionStatus,
      subscriptionLastChecked: subscribed ? at(0) : null,
      subscriptionPriceIds: member.priceIds ?? [],
      adminTierId: null,
      createdAt: at(120),
      updatedAt: at(1),
    });
}

/**
 * Each link's clicks so far, spread over its life (a few today), written as the rotation writes them
 * and folded as the nightly job would: click records, analytics and counts all agree.
 */
async function seedVisits(): Promise<void> {
  const links = await db().collection("referral_links").select("programId", "link", "email", "approved", "paused", "isDead").get();
  // each owner's weight, as the rotation reads it: Alice is Gold
  const weightOf = (email: string) => {
    const member = MEMBERS.find((m) => m.email === email);
    return memberTier(DEMO_TIERS, { adminTierId: null, subscriptionPriceIds: member?.priceIds ?? [] }).weight;
  };
  const byUrl = new Map(links.docs.map((d) => [String(d.get("link")), { id: d.id, programId: String(d.get("programId")) }]));
  // the links in each program's rotation, recorded with every visit as the rotation records them (fair shares)
  const activeIn = new Map<string, { ids: string[]; weights: number[] }>();
  for (const d of links.docs) {
    if (d.get("approved") !== true || d.get("paused") === true || d.get("isDead") === true) continue;
    const programId = String(d.get("programId"));
    const active = activeIn.get(programId) ?? { ids: [], weights: [] };
    activeIn.set(programId, { ids: [...active.ids, d.id], weights: [...active.weights, weightOf(String(d.get("email")))] });
  }
  const visits = LINKS.flatMap((link) => {
    const target = byUrl.get(demoUrl(link))!;
    // the n-th of v visits lands (n / v) of the way through the link's life, the last ones today
    return Array.from({ length: link.visits }, (_, n) => ({
      ...target,
      clickedAt: new Date(Date.now() - ((link.visits - 1 - n) / link.visits) * link.daysAgo * DAY - n * 60_000),
    }));
  });
  await Promise.all(
    visits.map((v, i) =>
      recordVisit({
        clickId: newClickId(),
        linkId: v.id,
        programId: v.programId,
        clickedAt: v.clickedAt,
        ipAddress: "203.0.113.0/24", // as click records keep an address: truncated
        userAgent: "Mozilla/5.0 (demo seed)",
        shard: i % 16,
        activeLinkIds: activeIn.get(v.programId)?.ids ?? [v.id],
        activeLinkWeights: activeIn.get(v.programId)?.weights ?? [1],
      }),
    ),
  );
  await foldFinishedDays(new Date());
}

/**
 * The requests not counted, written as the rotation's instances write their tallies (one shard each,
 * in the hour of the day they came) and folded as the nightly job would, like the clicks.
 */
async function seedTraffic(programIds: Map<ProgramKey, string>): Promise<void> {
  const tallies = TRAFFIC.flatMap(({ program, daysAgo, notCounted }) =>
    daysAgo.map((days) => {
      const stamp = new Date(Date.now() - days * DAY);
      const hours = new Map([[stamp.toISOString().slice(11, 13), notCounted]]);
      return { programId: programIds.get(program)!, day: stamp.toISOString().slice(0, 10), counts: notCounted, hours };
    }),
  );
  await addTrafficTallies(0, tallies);
  await foldFinishedTrafficDays(new Date());
}

/** Where the demo's alerts channel posts: the fixture site, as Discord. */
const DEMO_ALERTS_WEBHOOK = webhookUrl("discord.com", "demo");

/**
 * The terms watch's story (the contract's *Terms watch and alerts*): both watched programs' pages read
 * six days ago (their first versions, reviewed), then Chase's read again two days ago after the bank
 * cut its bonus from 60,000 to 40,000 points: the Programs tab marks it, the admin's mail about it is
 * in the inbox, and its alert in the channel (the fixture's received webhooks). Read by the watch's own check, against the fixture site's pages.
 */
async function seedTermsWatch(programIds: Map<ProgramKey, string>): Promise<void> {
  // the community's channel: a Discord webhook, which the fixture site stands in for (its messages at /__webhooks)
  await changeAlertChannel(() => ({ webhookUrl: DEMO_ALERTS_WEBHOOK, signingSecret: "whsec_demo-not-a-secret" }));
  await setTermsPage("chase-sapphire", termsHtml("60,000"));
  await setTermsPage("amex-gold", termsHtml("60,000", " Membership Rewards points are credited to the referrer's account."));
  const reader = createLinkTester(emulatorFixtureOptions(new URL(FIXTURE_SITE).hostname));
  const mailer = new SmtpMailer(URLS.smtp, `${DEMO_COMMUNITY.name} Referral Hub <no-reply@referral-hub.local>`);
  const check = (key: ProgramKey, termsUrl: string, daysAgo: number) =>
    checkProgramTerms(
      { pageReader: reader, mailer, appOrigin: URLS.app, community: DEMO_COMMUNITY, now: () => new Date(Date.now() - daysAgo * DAY) },
      { id: programIds.get(key)!, termsUrl },
    );
  await check("sapphire", termsPageUrl("chase-sapphire", 1), 6);
  await check("amexgold", termsPageUrl("amex-gold", 2), 6);
  await setTermsPage("chase-sapphire", termsHtml("40,000"));
  await check("sapphire", termsPageUrl("chase-sapphire", 1), 2);
}

async function main() {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error("seed-demo writes demo data and runs against the emulators only");
  }
  const store = db();
  await ensureAdmin(DEMO.admin.email, DEMO.admin.password);
  for (const member of MEMBERS) await seedMember(store, member);

  // Through the data layer, so names and (program, owner) slots are reserved as in real use.
  const programIds = new Map<ProgramKey, string>();
  const today = utcDay(new Date());
  for (const { key, distributionMode, isSharedOnSite, rules, ...program } of PROGRAMS) {
    const created = await createProgram({ ...program, proposedBy: null });
    const ruled = rules && {
      referrerCap: rules.referrerCap,
      termsUrl: rules.termsUrl,
      offerEndsOn: rules.offerEndsInDays === null ? null : addDays(today, rules.offerEndsInDays),
    };
    await updateProgram(created.id, { distributionMode, isSharedOnSite, ...ruled });
    programIds.set(key, created.id);
  }
  const linkIds = new Map<string, string>();
  const names = new Map(MEMBERS.map((m) => [m.email, m.displayName]));
  for (const link of LINKS) {
    const slug = link.owner.split("@")[0];
    const created = await createLink(
      {
        programId: programIds.get(link.program)!,
        name: names.get(link.owner) ?? String(slug),
        email: link.owner,
        link: demoUrl(link),
        description: `${names.get(link.owner)}'s referral for ${PROGRAMS.find((p) => p.key === link.program)?.name}`,
      },
      async () => undefined,
    );
    linkIds.set(`${link.program} ${link.owner}`, created.id);
    // Demo history the API cannot write: past dates and states (clicks come in seedVisits).
    await store
      .collection("referral_links")
      .doc(created.id)
      .update({
        approved: link.state !== "pending",
        paused: link.state === "paused",
        pausedByBlock: link.owner === "blocked@example.com",
        isDead: link.state === "dead",
        deadNote: link.deadNote ?? null,
        testedOffer: link.testedOffer ?? null,
        // the broken link failed the last check already: the next one (the admin's button) takes it out
        ...(link.broken ? { health: brokenOnce(6) } : {}),
        lastNotifiedAt: link.state === "dead" ? at(3) : null,
        createdAt: at(link.daysAgo),
        submittedAt: at(link.daysAgo),
        updatedAt: at(Math.max(0, link.daysAgo - 1)),
      });
  }
  // outcomes through the service, by a member's rules (bounds, approved links, the day's limit); the snooze through the data layer
  const startOfYear = `${today.slice(0, 4)}-01-01`;
  const ruleDeps = { now: () => new Date(), keyedHashSecret: LOCAL_VISITOR_COOKIE_SECRET };
  for (const { program, owner, daysAgo, thisYear, outcome } of OUTCOMES) {
    const day = addDays(today, -daysAgo);
    const occurredOn = thisYear && day < startOfYear ? startOfYear : day;
    await recordOutcome(ruleDeps, owner, linkIds.get(`${program} ${owner}`)!, { ...outcome, occurredOn });
  }
  await setSnooze(linkIds.get(`amexgold ${DEMO.member}`)!, DEMO.member, addDays(today, 10));
  // the back-dated states above went around the app: count each program's links from the links themselves
  for (const programId of programIds.values()) await recountProgramLinks(programId, today);
  await seedVisits();
  // as the nightly job leaves the store after its fold: every program's click windows summed for today
  await refreshClickWindows(new Date());
  await seedTraffic(programIds);
  await seedTermsWatch(programIds);
  await saveTierSettings(DEMO_TIERS);
  const batch = store.batch();
  batch.set(store.collection("announcements").doc("current"), {
    message: `Welcome to the ${DEMO_COMMUNITY.name} Referral Hub demo! New links are reviewed within a day.`,
    isActive: true,
    createdAt: at(7),
    updatedAt: at(7),
  });
  await batch.commit();
  process.stderr.write(
    `[seed] ${MEMBERS.length} members, ${PROGRAMS.length} programs, ${LINKS.length} links, ${OUTCOMES.length} outcomes, 1 announcement, admin ${DEMO.admin.email}\n`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`[seed] failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
