import nodemailer, { type Transporter } from "nodemailer";
import { hubNameOf, type Community } from "@hub/contract/community";
import type { LinkCap } from "@hub/contract/links";
import type { OutcomeKind } from "@hub/contract/outcomes";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP through nodemailer; the URL carries host, port and credentials (smtp://user:pass@host:587). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** How every e-mail ends: who sent it and where a member gets help. */
function signOff(community: Community | null): { text: string; html: string } {
  const hub = hubNameOf(community ?? undefined);
  if (!community) return { text: `\n--\n${hub}\n`, html: `<p style="color:#6b7280">— ${escapeHtml(hub)}</p>` };
  return {
    text: `\n--\n${hub}\nQuestions? Write to ${community.supportEmail}\n`,
    html: `<p style="color:#6b7280">— ${escapeHtml(hub)}<br>Questions? Write to <a href="mailto:${escapeHtml(community.supportEmail)}">${escapeHtml(community.supportEmail)}</a></p>`,
  };
}

export function loginLinkMail(to: string, loginUrl: string, community: Community | null): OutgoingMail {
  const hub = hubNameOf(community ?? undefined);
  const end = signOff(community);
  return {
    to,
    subject: `Your login link for the ${hub}`,
    text: `Hello,\n\nUse this link to sign in to the ${hub}:\n\n${loginUrl}\n\nThe link works for one hour. If you did not ask for it, you can ignore this e-mail.\n${end.text}`,
    html: `<p>Hello,</p><p>Use this link to sign in to the ${escapeHtml(hub)}:</p><p><a href="${escapeHtml(loginUrl)}">Sign in to the ${escapeHtml(hub)}</a></p><p>The link works for one hour. If you did not ask for it, you can ignore this e-mail.</p>${end.html}`,
  };
}

export function deadLinkMail(
  to: string,
  details: { programName: string; link: string; note: string | null; dashboardUrl: string },
  community: Community | null,
): OutgoingMail {
  const note = details.note ? `\n\nNote from the admin: ${details.note}` : "";
  const htmlNote = details.note ? `<p>Note from the admin: ${escapeHtml(details.note)}</p>` : "";
  const end = signOff(community);
  return {
    to,
    subject: `Your ${details.programName} referral link was marked dead`,
    text: `Hello,\n\nYour referral link for ${details.programName} (${details.link}) was marked dead and is out of the rotation.${note}\n\nUpdate it on your dashboard to put it back into review: ${details.dashboardUrl}\n${end.text}`,
    html: `<p>Hello,</p><p>Your referral link for ${escapeHtml(details.programName)} (${escapeHtml(details.link)}) was marked dead and is out of the rotation.</p>${htmlNote}<p><a href="${escapeHtml(details.dashboardUrl)}">Update it on your dashboard</a> to put it back into review.</p>${end.html}`,
  };
}

/** Link health: two broken tests in a row took the link out of the rotation (sent once per failing spell). */
export function failingLinkMail(
  to: string,
  details: { programName: string; link: string; reason: string; dashboardUrl: string },
  community: Community | null,
): OutgoingMail {
  const end = signOff(community);
  const fix = "If the offer moved, edit the link on your dashboard; if the bank's page was only down, test it again there once it is back.";
  return {
    to,
    subject: `Your ${details.programName} referral link is failing and out of the rotation`,
    text: `Hello,\n\nYour referral link for ${details.programName} (${details.link}) failed two checks in a row and is out of the rotation until it works again.\n\nLast check: ${details.reason}\n\n${fix}\n\nTest it again: ${details.dashboardUrl}\n${end.text}`,
    html: `<p>Hello,</p><p>Your referral link for ${escapeHtml(details.programName)} (${escapeHtml(details.link)}) failed two checks in a row and is out of the rotation until it works again.</p><p>Last check: ${escapeHtml(details.reason)}</p><p>${escapeHtml(fix)}</p><p><a href="${escapeHtml(details.dashboardUrl)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#ffffff;border-radius:8px;text-decoration:none">Test it again</a></p>${end.html}`,
  };
}

/** Seven days before a program's offer ends, to each owner of one of its active links (sent once per owner and end date). */
export function offerEndingMail(
  to: string,
  details: { programName: string; lastDay: string; dashboardUrl: string },
  community: Community | null,
): OutgoingMail {
  const end = signOff(community);
  const after = `${details.lastDay} (UTC) is its last day. From the day after, the hub sends no visitor to your ${details.programName} link and takes no new links for it.`;
  const advice = "If the bank extends the offer or starts a new one, the admins will set a new date and your link comes back on its own.";
  return {
    to,
    subject: `The ${details.programName} offer ends on ${details.lastDay}`,
    text: `Hello,\n\nThe ${details.programName} referral offer ends on ${details.lastDay}.\n\n${after}\n\n${advice}\n\nYour links: ${details.dashboardUrl}\n${end.text}`,
    html: `<p>Hello,</p><p>The ${escapeHtml(details.programName)} referral offer ends on <strong>${escapeHtml(details.lastDay)}</strong>.</p><p>${escapeHtml(after)}</p><p>${escapeHtml(advice)}</p><p><a href="${escapeHtml(details.dashboardUrl)}">Your links</a></p>${end.html}`,
  };
}

/** The terms watch: a program's terms page changed (to each admin, once per change). `figures`: the changed figures, one line each. */
export function termsChangedMail(
  to: string,
  details: { programName: string; termsUrl: string; figures: string[]; reviewUrl: string },
  community: Community | null,
): OutgoingMail {
  const end = signOff(community);
  const figures = details.figures.length > 0 ? details.figures : ["No amount it names changed: only its wording."];
  const advice =
    "Nothing was changed in the hub: open the program's terms to see the change, then mark it reviewed, edit its rules or end its offer.";
  return {
    to,
    subject: `The ${details.programName} terms changed`,
    text: `Hello,\n\nThe terms page of ${details.programName} (${details.termsUrl}) changed.\n\n${figures.map((f) => `- ${f}`).join("\n")}\n\n${advice}\n\nReview it: ${details.reviewUrl}\n${end.text}`,
    html: `<p>Hello,</p><p>The terms page of ${escapeHtml(details.programName)} (<a href="${escapeHtml(details.termsUrl)}">${escapeHtml(details.termsUrl)}</a>) changed.</p><ul>${figures.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul><p>${escapeHtml(advice)}</p><p><a href="${escapeHtml(details.reviewUrl)}">Review it</a></p>${end.html}`,
  };
}

/** The terms watch: a program's terms page failed two reads in a row (to each admin, once per spell). */
export function termsUnreachableMail(
  to: string,
  details: { programName: string; termsUrl: string; reason: string; reviewUrl: string },
  community: Community | null,
): OutgoingMail {
  const end = signOff(community);
  const advice = "The bank may have moved the page or ended the offer. If the page moved, set its new address in the program's rules.";
  return {
    to,
    subject: `The ${details.programName} terms page cannot be read`,
    text: `Hello,\n\nThe terms page of ${details.programName} (${details.termsUrl}) failed two checks in a row.\n\nLast check: ${details.reason}\n\n${advice}\n\nThe program: ${details.reviewUrl}\n${end.text}`,
    html: `<p>Hello,</p><p>The terms page of ${escapeHtml(details.programName)} (<a href="${escapeHtml(details.termsUrl)}">${escapeHtml(details.termsUrl)}</a>) failed two checks in a row.</p><p>Last check: ${escapeHtml(details.reason)}</p><p>${escapeHtml(advice)}</p><p><a href="${escapeHtml(details.reviewUrl)}">The program</a></p>${end.html}`,
  };
}

/** What one member's weekly digest says (docs/architecture.md, *The weekly digest*); the figures are last week's, the states today's. */
export interface DigestMailContent {
  /** Monday and Sunday of last ISO week (UTC). */
  weekStart: string;
  weekEnd: string;
  links: {
    programName: string;
    visits: number;
    fairShare: number;
    cap: LinkCap;
    capPeriod: "calendar-year" | "rolling-12-months" | null;
    /** Set while the link is snoozed. */
    snoozedUntil: string | null;
    failing: boolean;
    /** Set once the program's offer has ended. */
    offerEndedOn: string | null;
  }[];
  /** Outcomes the member recorded last week. */
  outcomes: { kind: OutcomeKind; occurredOn: string; programName: string; amount: number | null; currency: string | null }[];
  /** The member's programs whose offer ends within the next 14 days. */
  endingOffers: { programName: string; offerEndsOn: string }[];
  dashboardUrl: string;
  /** The page with the unsubscribe button, and RFC 8058's one-click POST address. */
  unsubscribePageUrl: string;
  oneClickUnsubscribeUrl: string;
}

const OUTCOME_LABELS: Record<OutcomeKind, string> = { "signed-up": "Signed up", paid: "Paid", "clawed-back": "Clawed back" };
const CAP_PERIODS = { "calendar-year": "this calendar year", "rolling-12-months": "in the last 12 months" } as const;

/** The notes under one link of the digest: its cap, snooze, health and offer. */
function linkNotes(link: DigestMailContent["links"][number]): string[] {
  const notes: string[] = [];
  if (link.cap?.reached) notes.push(`Cap reached: out of the rotation until ${link.cap.resumesOn}`);
  else if (link.cap)
    notes.push(`Cap: ${link.cap.paid} of ${link.cap.count} paid referrals ${CAP_PERIODS[link.capPeriod ?? "calendar-year"]}`);
  if (link.snoozedUntil) notes.push(`Snoozed until ${link.snoozedUntil}`);
  if (link.failing) notes.push("Failing: out of the rotation until a test of it passes; test it again on your dashboard");
  if (link.offerEndedOn) notes.push(`Offer ended on ${link.offerEndedOn}`);
  return notes;
}

const outcomeLine = (o: DigestMailContent["outcomes"][number]) =>
  `${OUTCOME_LABELS[o.kind]} on ${o.occurredOn}, ${o.programName}${o.amount === null ? "" : `: ${o.amount.toFixed(2)} ${o.currency ?? ""}`}`;

/** The Monday digest: last week per link, outcomes recorded, what needs attention; a one-click unsubscribe (RFC 8058). */
export function weeklyDigestMail(to: string, digest: DigestMailContent, community: Community | null): OutgoingMail {
  const hub = hubNameOf(community ?? undefined);
  const end = signOff(community);
  const week = `${digest.weekStart} to ${digest.weekEnd}`;
  const linkText = digest.links.map((l) =>
    [`- ${l.programName}: ${l.visits} visits (fair share ${l.fairShare})`, ...linkNotes(l).map((n) => `  ${n}`)].join("\n"),
  );
  const sections = [
    `Your referral links, ${week} (UTC):\n\n${linkText.join("\n")}`,
    digest.outcomes.length > 0
      ? `Outcomes you recorded last week:\n\n${digest.outcomes.map((o) => `- ${outcomeLine(o)}`).join("\n")}`
      : null,
    digest.endingOffers.length > 0
      ? `Offers ending in the next 14 days:\n\n${digest.endingOffers.map((o) => `- ${o.programName} ends on ${o.offerEndsOn}`).join("\n")}`
      : null,
  ].filter((s) => s !== null);
  const unsubscribe = `You get this e-mail every Monday. To stop it: ${digest.unsubscribePageUrl}`;
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
  const linkHtml = digest.links.map(
    (l) =>
      `<strong>${escapeHtml(l.programName)}</strong>: ${l.visits} visits (fair share ${l.fairShare})${linkNotes(l)
        .map((n) => `<br>${escapeHtml(n)}`)
        .join("")}`,
  );
  const htmlSections = [
    `<p>Your referral links, ${escapeHtml(week)} (UTC):</p>${list(linkHtml)}`,
    digest.outcomes.length > 0
      ? `<p>Outcomes you recorded last week:</p>${list(digest.outcomes.map((o) => escapeHtml(outcomeLine(o))))}`
      : "",
    digest.endingOffers.length > 0
      ? `<p>Offers ending in the next 14 days:</p>${list(digest.endingOffers.map((o) => escapeHtml(`${o.programName} ends on ${o.offerEndsOn}`)))}`
      : "",
  ];
  return {
    to,
    subject: `Your referral week at the ${hub}: ${week}`,
    text: `Hello,\n\n${sections.join("\n\n")}\n\nYour dashboard: ${digest.dashboardUrl}\n\n${unsubscribe}\n${end.text}`,
    html: `<p>Hello,</p>${htmlSections.join("")}<p><a href="${escapeHtml(digest.dashboardUrl)}">Open your dashboard</a></p><p style="color:#6b7280">You get this e-mail every Monday. <a href="${escapeHtml(digest.unsubscribePageUrl)}">Unsubscribe from the weekly digest</a></p>${end.html}`,
    headers: { "List-Unsubscribe": `<${digest.oneClickUnsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
