import { render } from "@react-email/render";
import { hubNameOf, type Community } from "@hub/contract/community";
import type { OutgoingMail } from "./outgoing-mail";
import { BulletList, MailLayout, MailLink, Paragraph, type MailAction } from "./layout";
import { plainTextMail } from "./plain-text";

/*
 * The hub's one-off mails (sign-in, a link marked dead or failing, an offer ending, the terms watch),
 * each written once as blocks that become both the HTML (in the shared layout) and the text part.
 */

/** Words in a paragraph: plain, emphasised, or an address (linked in HTML, spelled out in text). */
type Inline = string | { strong: string } | { href: string };
type Block = { paragraph: Inline[] } | { bullets: string[] };

interface Notice {
  to: string;
  subject: string;
  preview: string;
  blocks: Block[];
  action: MailAction;
  afterAction?: string[];
  footer: string;
}

const p = (...inline: Inline[]): Block => ({ paragraph: inline });

const inlineText = (inline: Inline) => (typeof inline === "string" ? inline : "strong" in inline ? inline.strong : inline.href);
const blockText = (block: Block) =>
  "bullets" in block ? block.bullets.map((b) => `- ${b}`).join("\n") : block.paragraph.map(inlineText).join("");

function InlineHtml({ inline }: { inline: Inline }) {
  if (typeof inline === "string") return <>{inline}</>;
  if ("strong" in inline) return <strong>{inline.strong}</strong>;
  return <MailLink href={inline.href}>{inline.href}</MailLink>;
}

function BlockHtml({ block }: { block: Block }) {
  if ("bullets" in block) {
    return (
      <BulletList>
        {block.bullets.map((bullet, i) => (
          <li key={i}>{bullet}</li>
        ))}
      </BulletList>
    );
  }
  return (
    <Paragraph>
      {block.paragraph.map((inline, i) => (
        <InlineHtml key={i} inline={inline} />
      ))}
    </Paragraph>
  );
}

async function noticeMail(notice: Notice, community: Community | null): Promise<OutgoingMail> {
  const html = await render(
    <MailLayout
      community={community}
      title={notice.subject}
      preview={notice.preview}
      action={notice.action}
      afterAction={notice.afterAction}
      footer={notice.footer}
    >
      {notice.blocks.map((block, i) => (
        <BlockHtml key={i} block={block} />
      ))}
    </MailLayout>,
  );
  const text = plainTextMail({
    community,
    body: notice.blocks.map(blockText),
    action: notice.action,
    afterAction: notice.afterAction,
    footer: notice.footer,
  });
  return { to: notice.to, subject: notice.subject, text, html };
}

const LINK_OWNER_FOOTER = (hub: string) => `You get this e-mail because you have a referral link in the ${hub}.`;
const ADMIN_FOOTER = (hub: string) => `You get this e-mail as an admin of the ${hub}.`;

export function loginLinkMail(to: string, loginUrl: string, community: Community | null): Promise<OutgoingMail> {
  const hub = hubNameOf(community ?? undefined);
  return noticeMail(
    {
      to,
      subject: `Your login link for the ${hub}`,
      preview: "Your sign-in link works for one hour.",
      blocks: [p(`Use this link to sign in to the ${hub}:`)],
      action: { label: `Sign in to the ${hub}`, url: loginUrl },
      afterAction: ["The link works for one hour. If you did not ask for it, you can ignore this e-mail."],
      footer: `You get this e-mail because someone asked to sign in to the ${hub} with this address.`,
    },
    community,
  );
}

export function deadLinkMail(
  to: string,
  details: { programName: string; link: string; note: string | null; dashboardUrl: string },
  community: Community | null,
): Promise<OutgoingMail> {
  return noticeMail(
    {
      to,
      subject: `Your ${details.programName} referral link was marked dead`,
      preview: "It is out of the rotation until you update it.",
      blocks: [
        p("Your referral link for ", { strong: details.programName }, ` (${details.link}) was marked dead and is out of the rotation.`),
        ...(details.note ? [p(`Note from the admin: ${details.note}`)] : []),
        p("Update it on your dashboard to put it back into review."),
      ],
      action: { label: "Update it on your dashboard", url: details.dashboardUrl },
      footer: LINK_OWNER_FOOTER(hubNameOf(community ?? undefined)),
    },
    community,
  );
}

/** Link health: two broken tests in a row took the link out of the rotation (sent once per failing spell). */
export function failingLinkMail(
  to: string,
  details: { programName: string; link: string; reason: string; dashboardUrl: string },
  community: Community | null,
): Promise<OutgoingMail> {
  return noticeMail(
    {
      to,
      subject: `Your ${details.programName} referral link is failing and out of the rotation`,
      preview: "It failed two checks in a row.",
      blocks: [
        p(
          "Your referral link for ",
          { strong: details.programName },
          ` (${details.link}) failed two checks in a row and is out of the rotation until it works again.`,
        ),
        p(`Last check: ${details.reason}`),
        p("If the offer moved, edit the link on your dashboard; if the bank's page was only down, test it again there once it is back."),
      ],
      action: { label: "Test it again", url: details.dashboardUrl },
      footer: LINK_OWNER_FOOTER(hubNameOf(community ?? undefined)),
    },
    community,
  );
}

/** Seven days before a program's offer ends, to each owner of one of its active links (sent once per owner and end date). */
export function offerEndingMail(
  to: string,
  details: { programName: string; lastDay: string; dashboardUrl: string },
  community: Community | null,
): Promise<OutgoingMail> {
  return noticeMail(
    {
      to,
      subject: `The ${details.programName} offer ends on ${details.lastDay}`,
      preview: `${details.lastDay} (UTC) is its last day.`,
      blocks: [
        p(`The ${details.programName} referral offer ends on `, { strong: details.lastDay }, "."),
        p(
          `${details.lastDay} (UTC) is its last day. From the day after, the hub sends no visitor to your ${details.programName} link and takes no new links for it.`,
        ),
        p("If the bank extends the offer or starts a new one, the admins will set a new date and your link comes back on its own."),
      ],
      action: { label: "Your links", url: details.dashboardUrl },
      footer: LINK_OWNER_FOOTER(hubNameOf(community ?? undefined)),
    },
    community,
  );
}

/** The terms watch: a program's terms page changed (to each admin, once per change). `figures`: the changed figures, one line each. */
export function termsChangedMail(
  to: string,
  details: { programName: string; termsUrl: string; figures: string[]; reviewUrl: string },
  community: Community | null,
): Promise<OutgoingMail> {
  const figures = details.figures.length > 0 ? details.figures : ["No amount it names changed: only its wording."];
  return noticeMail(
    {
      to,
      subject: `The ${details.programName} terms changed`,
      preview: figures[0]!,
      blocks: [
        p(`The terms page of ${details.programName} (`, { href: details.termsUrl }, ") changed."),
        { bullets: figures },
        p(
          "Nothing was changed in the hub: open the program's terms to see the change, then mark it reviewed, edit its rules or end its offer.",
        ),
      ],
      action: { label: "Review it", url: details.reviewUrl },
      footer: ADMIN_FOOTER(hubNameOf(community ?? undefined)),
    },
    community,
  );
}

/** A background job ended failed (to each admin, at most once per job kind a day). */
export function jobFailedMail(
  to: string,
  details: { jobLabel: string; error: string; jobsUrl: string },
  community: Community | null,
): Promise<OutgoingMail> {
  return noticeMail(
    {
      to,
      subject: `The ${details.jobLabel} job failed`,
      preview: "It stopped after its retries; nothing after that point ran.",
      blocks: [
        p(`The ${details.jobLabel} job stopped after its retries, so what it had left to do did not run.`),
        p(`What it said: ${details.error}`),
        p("Start it again from the admin dashboard once the cause is fixed; a scheduled job also runs again at its next time."),
      ],
      action: { label: "Open the admin dashboard", url: details.jobsUrl },
      footer: ADMIN_FOOTER(hubNameOf(community ?? undefined)),
    },
    community,
  );
}

/** The terms watch: a program's terms page failed two reads in a row (to each admin, once per spell). */
export function termsUnreachableMail(
  to: string,
  details: { programName: string; termsUrl: string; reason: string; reviewUrl: string },
  community: Community | null,
): Promise<OutgoingMail> {
  return noticeMail(
    {
      to,
      subject: `The ${details.programName} terms page cannot be read`,
      preview: `Last check: ${details.reason}`,
      blocks: [
        p(`The terms page of ${details.programName} (`, { href: details.termsUrl }, ") failed two checks in a row."),
        p(`Last check: ${details.reason}`),
        p("The bank may have moved the page or ended the offer. If the page moved, set its new address in the program's rules."),
      ],
      action: { label: "Open the program", url: details.reviewUrl },
      footer: ADMIN_FOOTER(hubNameOf(community ?? undefined)),
    },
    community,
  );
}
