import type { ReactNode } from "react";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { hubNameOf, type Community } from "@hub/contract/community";
import { CLASS, FONT, LIGHT, MAIL_CSS } from "./theme";

/** A button's words and where it leads. */
export interface MailAction {
  label: string;
  url: string;
}

const paragraph = { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", color: LIGHT.text } as const;
const small = { fontSize: "14px", lineHeight: "20px", margin: "0 0 8px", color: LIGHT.muted } as const;

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text className={CLASS.text} style={paragraph}>
      {children}
    </Text>
  );
}

/** A list in a mail's body, in the paragraphs' type and colour. */
export function BulletList({ children }: { children: ReactNode }) {
  return (
    <ul className={CLASS.text} style={{ margin: "0 0 16px", paddingLeft: "20px", color: LIGHT.text, fontSize: "16px", lineHeight: "24px" }}>
      {children}
    </ul>
  );
}

export function SmallPrint({ children }: { children: ReactNode }) {
  return (
    <Text className={CLASS.muted} style={small}>
      {children}
    </Text>
  );
}

export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={CLASS.link} style={{ color: LIGHT.link, textDecoration: "underline" }}>
      {children}
    </Link>
  );
}

export function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" className={CLASS.text} style={{ fontSize: "18px", lineHeight: "24px", margin: "24px 0 12px", color: LIGHT.text }}>
      {children}
    </Heading>
  );
}

/**
 * React Email's button (an <a> with Outlook's padding spacers) in a presentation table, so that
 * Outlook on Windows, which ignores an inline element's padding, still draws a block to tap. Tall
 * enough for a thumb (48 px, above WCAG 2.5.8's 44).
 */
export function MailButton({ action, secondary = false }: { action: MailAction; secondary?: boolean }) {
  return (
    <Section style={{ margin: secondary ? "0 0 20px" : "8px 0 24px" }}>
      <Button
        href={action.url}
        className={secondary ? CLASS.secondaryButton : CLASS.button}
        style={{
          backgroundColor: secondary ? LIGHT.card : LIGHT.button,
          color: secondary ? LIGHT.link : LIGHT.buttonText,
          border: `2px solid ${LIGHT.button}`,
          borderRadius: "8px",
          padding: "12px 18px",
          fontSize: "16px",
          fontWeight: 600,
          lineHeight: "20px",
        }}
      >
        {action.label}
      </Button>
    </Section>
  );
}

export interface MailLayoutProps {
  community: Community | null;
  /** The mail's heading, and the document's title. */
  title: string;
  /** The line a mail client shows beside the subject in the inbox. */
  preview: string;
  children: ReactNode;
  /** The one thing the mail asks for, as a button under the body. */
  action?: MailAction;
  /** What a reader should know once they have seen the button (small print under it). */
  afterAction?: string[];
  /** Why the reader gets this mail (and, for the digest, how to stop it). */
  footer: ReactNode;
}

/**
 * Every mail the hub sends: the hub's name, a heading, the body, its button, who signed it and where
 * to get help, the footer. A single column up to 600 px wide that narrows with the screen; colours
 * for light and dark (theme.ts).
 */
export function MailLayout({ community, title, preview, children, action, afterAction = [], footer }: MailLayoutProps) {
  const hub = hubNameOf(community ?? undefined);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        {/* as written: React escapes a text child, which would garble any quote or ">" in the CSS */}
        <style dangerouslySetInnerHTML={{ __html: MAIL_CSS }} />
      </Head>
      <Body className={CLASS.page} style={{ backgroundColor: LIGHT.page, fontFamily: FONT, margin: 0, padding: "16px 8px" }}>
        <Preview>{preview}</Preview>
        <Container
          className={CLASS.card}
          style={{ backgroundColor: LIGHT.card, color: LIGHT.text, borderRadius: "8px", padding: "24px 20px", maxWidth: "600px" }}
        >
          {/* how a screen reader in a web mail client tells the mail from the client's page around it (the Email Markup Consortium's pattern) */}
          <div role="article" aria-roledescription="email" aria-label={title} lang="en" dir="ltr">
            <Text className={CLASS.muted} style={{ ...small, fontWeight: 600, margin: "0 0 4px" }}>
              {hub}
            </Text>
            <Heading as="h1" className={CLASS.text} style={{ fontSize: "22px", lineHeight: "28px", margin: "0 0 20px", color: LIGHT.text }}>
              {title}
            </Heading>
            <Paragraph>Hello,</Paragraph>
            {children}
            {action && <MailButton action={action} />}
            {afterAction.map((line) => (
              <Paragraph key={line}>{line}</Paragraph>
            ))}
            <Text className={CLASS.muted} style={{ ...small, margin: "24px 0 0" }}>
              — {hub}
              {community && (
                <>
                  <br />
                  Questions? Write to <MailLink href={`mailto:${community.supportEmail}`}>{community.supportEmail}</MailLink>
                </>
              )}
            </Text>
            <Hr className={CLASS.rule} style={{ borderColor: LIGHT.rule, margin: "20px 0 12px" }} />
            <Text className={CLASS.muted} style={{ ...small, fontSize: "13px", margin: 0 }}>
              {footer}
            </Text>
          </div>
        </Container>
      </Body>
    </Html>
  );
}
