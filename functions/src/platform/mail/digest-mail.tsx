import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { hubNameOf, type Community } from "@hub/contract/community";
import type { OutgoingMail } from "./outgoing-mail";
import type { DigestMailContent } from "./digest-content";
import {
  digestSummary,
  digestTasks,
  linkNotes,
  listed,
  outcomeLine,
  visitsAndShare,
  weekEarnings,
  type DigestTask,
} from "./digest-wording";
import { BulletList, MailButton, MailLayout, MailLink, Paragraph, SectionHeading, SmallPrint } from "./layout";
import { actionText, plainTextMail } from "./plain-text";
import { CLASS, LIGHT } from "./theme";

const TITLE = "Your referral week";
const EVERY_MONDAY = "You get this e-mail every Monday.";

const weekOf = (digest: DigestMailContent) => `${digest.weekStart} to ${digest.weekEnd}`;

function earningsLines(digest: DigestMailContent): string[] {
  if (digest.outcomes.length === 0) return [];
  const { earned, clawedBack, counts } = weekEarnings(digest.outcomes);
  return [
    ...(earned.length > 0 ? [`Earned this week: ${listed(earned)}`] : []),
    ...(clawedBack.length > 0 ? [`Clawed back this week: ${listed(clawedBack)}`] : []),
    `Recorded: ${counts}`,
  ];
}

/** What both parts of one digest say, worked out once. */
interface DigestWords {
  tasks: DigestTask[];
  earnings: string[];
  summary: string;
}

const wordsOf = (digest: DigestMailContent): DigestWords => ({
  tasks: digestTasks(digest),
  earnings: earningsLines(digest),
  summary: digestSummary(digest),
});

function Task({ task }: { task: DigestTask }) {
  return (
    <Section className={CLASS.rule} style={{ borderTop: `1px solid ${LIGHT.rule}`, paddingTop: "12px" }}>
      <Paragraph>
        <strong>{task.programName}</strong> — {task.says}
      </Paragraph>
      <MailButton action={task.action} secondary />
    </Section>
  );
}

function DigestMail({ digest, words, community }: { digest: DigestMailContent; words: DigestWords; community: Community | null }) {
  const { tasks, earnings, summary } = words;
  return (
    <MailLayout
      community={community}
      title={TITLE}
      preview={summary}
      action={{ label: "Open your dashboard", url: digest.dashboardUrl }}
      footer={
        <>
          {EVERY_MONDAY} <MailLink href={digest.unsubscribePageUrl}>Unsubscribe from the weekly digest</MailLink>
        </>
      }
    >
      <Paragraph>
        Your referral week, {weekOf(digest)} (UTC): {summary}
      </Paragraph>
      {tasks.length > 0 && (
        <>
          <SectionHeading>Needs doing</SectionHeading>
          {tasks.map((task) => (
            <Task key={`${task.kind} ${task.programName}`} task={task} />
          ))}
        </>
      )}
      <SectionHeading>Your links last week</SectionHeading>
      <BulletList>
        {digest.links.map((link, i) => (
          <li key={i} style={{ marginBottom: "8px" }}>
            <strong>{link.programName}</strong>: {visitsAndShare(link)}
            {linkNotes(link).map((note) => (
              <SmallPrint key={note}>{note}</SmallPrint>
            ))}
          </li>
        ))}
      </BulletList>
      {earnings.length > 0 && (
        <>
          <SectionHeading>What came of your referrals</SectionHeading>
          {earnings.map((line) => (
            <Paragraph key={line}>{line}</Paragraph>
          ))}
          <BulletList>
            {digest.outcomes.map((o, i) => (
              <li key={i}>{outcomeLine(o)}</li>
            ))}
          </BulletList>
        </>
      )}
    </MailLayout>
  );
}

function digestText(digest: DigestMailContent, words: DigestWords, community: Community | null): string {
  const { tasks, earnings, summary } = words;
  const links = digest.links.map((l) => [`- ${l.programName}: ${visitsAndShare(l)}`, ...linkNotes(l).map((n) => `  ${n}`)].join("\n"));
  return plainTextMail({
    community,
    body: [
      `Your referral week, ${weekOf(digest)} (UTC): ${summary}`,
      ...(tasks.length > 0
        ? [`Needs doing:\n\n${tasks.map((t) => `- ${t.programName} — ${t.says}\n${actionText(t.action, "  ")}`).join("\n\n")}`]
        : []),
      `Your links last week:\n\n${links.join("\n")}`,
      ...(earnings.length > 0
        ? [`What came of your referrals:\n\n${earnings.join("\n")}\n\n${digest.outcomes.map((o) => `- ${outcomeLine(o)}`).join("\n")}`]
        : []),
    ],
    action: { label: "Open your dashboard", url: digest.dashboardUrl },
    footer: `${EVERY_MONDAY} To stop it: ${digest.unsubscribePageUrl}`,
  });
}

/** The Monday digest: last week per link, what came of referrals, what needs doing; a one-click unsubscribe (RFC 8058). */
export async function weeklyDigestMail(to: string, digest: DigestMailContent, community: Community | null): Promise<OutgoingMail> {
  const hub = hubNameOf(community ?? undefined);
  const words = wordsOf(digest);
  return {
    to,
    subject: `Your referral week at the ${hub}: ${weekOf(digest)}`,
    text: digestText(digest, words, community),
    html: await render(<DigestMail digest={digest} words={words} community={community} />),
    headers: { "List-Unsubscribe": `<${digest.oneClickUnsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
