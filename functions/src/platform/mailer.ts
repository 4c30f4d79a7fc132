import nodemailer, { type Transporter } from "nodemailer";
import type * as DigestTemplate from "./mail/digest-mail";
import type * as NoticeTemplates from "./mail/notices";
import type { OutgoingMail } from "./mail/outgoing-mail";

export type { DigestMailContent } from "./mail/digest-content";
// declared in mail/ for the templates, which never import this module (it loads them)
export type { OutgoingMail } from "./mail/outgoing-mail";

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

/*
 * The mails themselves are React Email templates (mail/), rendered with react-dom/server. They are
 * imported on the first mail an instance builds, never when a function starts: the API answers
 * most requests without sending mail, and the rotation never sends any (functions/bundle.mjs).
 */
const notices = () => import("./mail/notices");

export const loginLinkMail = async (...args: Parameters<typeof NoticeTemplates.loginLinkMail>) => (await notices()).loginLinkMail(...args);
export const deadLinkMail = async (...args: Parameters<typeof NoticeTemplates.deadLinkMail>) => (await notices()).deadLinkMail(...args);
export const failingLinkMail = async (...args: Parameters<typeof NoticeTemplates.failingLinkMail>) =>
  (await notices()).failingLinkMail(...args);
export const offerEndingMail = async (...args: Parameters<typeof NoticeTemplates.offerEndingMail>) =>
  (await notices()).offerEndingMail(...args);
export const termsChangedMail = async (...args: Parameters<typeof NoticeTemplates.termsChangedMail>) =>
  (await notices()).termsChangedMail(...args);
export const termsUnreachableMail = async (...args: Parameters<typeof NoticeTemplates.termsUnreachableMail>) =>
  (await notices()).termsUnreachableMail(...args);
export const jobFailedMail = async (...args: Parameters<typeof NoticeTemplates.jobFailedMail>) => (await notices()).jobFailedMail(...args);
export const weeklyDigestMail = async (...args: Parameters<typeof DigestTemplate.weeklyDigestMail>) =>
  (await import("./mail/digest-mail")).weeklyDigestMail(...args);
