/** A mail as the templates build it and the mailer sends it (platform/mailer.ts re-exports it). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}
