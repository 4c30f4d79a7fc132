import {
  deadLinkMail,
  failingLinkMail,
  loginLinkMail,
  offerEndingMail,
  termsChangedMail,
  termsUnreachableMail,
  weeklyDigestMail,
  type DigestMailContent,
  type OutgoingMail,
} from "../functions/src/toolkit";
import { DEMO_COMMUNITY } from "./suite-config";

export type { OutgoingMail };

/*
 * Every mail the hub sends, built by its template with content as long and as mixed as real members
 * make it (the contract's longest names, long referral addresses, two currencies): for the mails'
 * layout check (web/e2e/mail-layout.test.ts) and for timing the templates.
 */

const ORIGIN = "https://hub.demo-points-club.example";
const TOKEN = "uid0123456789abcdefghij.c2lnbmF0dXJlLW9mLXRoZS11bnN1YnNjcmliZS10b2tlbi0wMTIzNDU2Nzg5";
// names as long as a bank's marketing makes them (the contract allows 100 characters)
const LONG = "Chase Sapphire Preferred Visa Signature Card: Premium Travel Rewards with Airport Lounge Access";
const SNOOZED = "The Business Platinum Card from American Express (Membership Rewards Points)";
const CAPPED = "Capital One Venture X Rewards";
const ENDING = "Wells Fargo Autograph Journey";
const FAILING = "Discover It Cash Back";
const REFERRAL = "https://www.referyourchasecard.com/6a/ALICEWITHAVERYLONGREFERRALCODE0123456789?utm_source=referral-hub&utm_medium=email";

export const SAMPLE_MEMBER = "alice.with.a.long.address@demo-points-club.example";

/** A busy week: visits on every link, each state that asks something of the member, outcomes in two currencies. */
export const SAMPLE_DIGEST: DigestMailContent = {
  weekStart: "2026-11-16",
  weekEnd: "2026-11-22",
  links: [
    {
      programName: LONG,
      visits: 12,
      fairShare: 1.5,
      cap: { reached: false, paid: 1, count: 5 },
      capPeriod: "calendar-year",
      snoozedUntil: null,
      failing: false,
      offerEndedOn: null,
    },
    {
      programName: SNOOZED,
      visits: 1,
      fairShare: 1,
      cap: null,
      capPeriod: null,
      snoozedUntil: "2026-12-19",
      failing: false,
      offerEndedOn: null,
    },
    {
      programName: CAPPED,
      visits: 0,
      fairShare: 2.25,
      cap: { reached: true, resumesOn: "2027-01-01" },
      capPeriod: "calendar-year",
      snoozedUntil: null,
      failing: false,
      offerEndedOn: null,
    },
    { programName: FAILING, visits: 3, fairShare: 4, cap: null, capPeriod: null, snoozedUntil: null, failing: true, offerEndedOn: null },
    {
      programName: ENDING,
      visits: 2,
      fairShare: 2,
      cap: null,
      capPeriod: null,
      snoozedUntil: null,
      failing: false,
      offerEndedOn: "2026-11-20",
    },
  ],
  outcomes: [
    { kind: "paid", occurredOn: "2026-11-16", programName: LONG, amount: 100000, currency: "USD" },
    { kind: "paid", occurredOn: "2026-11-17", programName: LONG, amount: 99999.99, currency: "USD" },
    { kind: "clawed-back", occurredOn: "2026-11-18", programName: LONG, amount: 12345.67, currency: "USD" },
    { kind: "paid", occurredOn: "2026-11-19", programName: SNOOZED, amount: 88888.88, currency: "EUR" },
    { kind: "signed-up", occurredOn: "2026-11-20", programName: CAPPED, amount: null, currency: null },
  ],
  endingOffers: [{ programName: LONG, offerEndsOn: "2026-11-29" }],
  dashboardUrl: `${ORIGIN}/dashboard`,
  unsubscribePageUrl: `${ORIGIN}/unsubscribe?token=${TOKEN}`,
  oneClickUnsubscribeUrl: `${ORIGIN}/api/public/unsubscribe?token=${TOKEN}`,
};

/** Every mail, by a name for the test's labels and screenshots. */
export async function sampleMails(): Promise<Record<string, OutgoingMail>> {
  const dashboardUrl = `${ORIGIN}/dashboard`;
  const reviewUrl = `${ORIGIN}/admin?tab=programs&terms=program0123456789abcdef`;
  const termsUrl = "https://www.americanexpress.com/en-us/credit-cards/business/business-platinum-card/terms-and-conditions/referral-offer";
  return {
    digest: await weeklyDigestMail(SAMPLE_MEMBER, SAMPLE_DIGEST, DEMO_COMMUNITY),
    login: await loginLinkMail(SAMPLE_MEMBER, `${ORIGIN}/email-login?token=${"Q".repeat(43)}`, DEMO_COMMUNITY),
    "dead-link": await deadLinkMail(
      SAMPLE_MEMBER,
      {
        programName: LONG,
        link: REFERRAL,
        note: "The bank's page says this referral code is no longer valid; please send a new one from your online banking.",
        dashboardUrl,
      },
      DEMO_COMMUNITY,
    ),
    "failing-link": await failingLinkMail(
      SAMPLE_MEMBER,
      {
        programName: FAILING,
        link: REFERRAL,
        reason: "HTTP 404 Not Found at https://www.discover.com/credit-cards/refer-a-friend/expired",
        dashboardUrl,
      },
      DEMO_COMMUNITY,
    ),
    "offer-ending": await offerEndingMail(SAMPLE_MEMBER, { programName: LONG, lastDay: "2026-11-29", dashboardUrl }, DEMO_COMMUNITY),
    "terms-changed": await termsChangedMail(
      "admin@demo-points-club.example",
      { programName: SNOOZED, termsUrl, figures: ["150,000 → 120,000 points", "$15,000 → $20,000 in the first 6 months"], reviewUrl },
      DEMO_COMMUNITY,
    ),
    "terms-unreachable": await termsUnreachableMail(
      "admin@demo-points-club.example",
      { programName: SNOOZED, termsUrl, reason: "HTTP 503 Service Unavailable (twice, 24 hours apart)", reviewUrl },
      DEMO_COMMUNITY,
    ),
  };
}
