import { simpleParser } from "mailparser";
import { suite } from "./suite-env";

interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  /** When the catcher received it (ISO). */
  time: string;
}

/** maildev 3's REST API, under /api beside its web interface. */
const api = (path: string) => `${suite.mailUrl}/api${path}`;

export async function clearInbox(): Promise<void> {
  await fetch(api("/email/all"), { method: "DELETE" });
}

/** Every e-mail the catcher holds, in arrival order. */
export async function allMails(): Promise<CaughtMail[]> {
  return (await (await fetch(api("/email"))).json()) as CaughtMail[];
}

/** The newest e-mail to this address (whose subject matches, if given), waiting briefly for SMTP delivery. */
export async function latestMailTo(address: string, subject?: RegExp, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mine = (await mailsTo(address)).filter((m) => !subject || subject.test(m.subject));
    const newest = mine.sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
}

/** Every e-mail to this address the catcher holds now (no waiting: for checking that none came). */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  return (await allMails()).filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

export function loginUrlIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+\/email-login\?token=[A-Za-z0-9_%-]+/.exec(mail.text);
  if (!match) throw new Error(`no login link in e-mail: ${mail.text}`);
  return match[0];
}

/**
 * The mail's headers as sent, by lower-case name (the last of a repeated one). maildev 3's JSON keeps
 * only the headers its parser leaves as plain text and drops structured ones (List-Unsubscribe), so
 * they are read from the message's source.
 */
export async function headersOf(mail: CaughtMail): Promise<Record<string, string>> {
  const source = await (await fetch(api(`/email/${encodeURIComponent(mail.id)}/source`))).text();
  const parsed = await simpleParser(source, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  return Object.fromEntries(
    parsed.headerLines.map(({ key, line }) => [
      key,
      line
        .slice(line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    ]),
  );
}
