import { createHmac } from "node:crypto";
import type { AlertKind } from "@hub/contract/alerts";
import { dnsHostOf } from "../platform/http/dns-host";
import type { AlertMessage } from "./alerts.store";

/*
 * What a delivery posts (the contract's *Terms watch and alerts*, *Delivery*): the receiving
 * service's own format, chosen by the webhook's host: Discord `{ content, allowed_mentions }`, Slack
 * `{ text }`, any other `{ event, text, url, data }`, signed. Pure.
 */

export type WebhookFormat = "discord" | "slack" | "generic";

const DISCORD_HOSTS = new Set<string | null>(["discord.com", "discordapp.com"]);
const SLACK_HOSTS = new Set<string | null>(["hooks.slack.com"]);
/** The most of an alert's words a Slack message carries. */
export const SLACK_TEXT_MAX = 3_000;
/** Discord's limit on a message's content. */
export const DISCORD_CONTENT_MAX = 2_000;

/** The format a webhook gets, by its host as DNS reads it (`hooks.slack.com.` is Slack's too). */
export function formatOf(webhookUrl: string): WebhookFormat {
  const host = dnsHostOf(webhookUrl);
  if (DISCORD_HOSTS.has(host)) return "discord";
  if (SLACK_HOSTS.has(host)) return "slack";
  return "generic";
}

/**
 * Discord's markdown read as text: every character it gives a meaning to escaped with a backslash,
 * and the control characters its renderer drops or turns into spaces written as a space.
 */
const escapeDiscord = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, " ")
    .replace(/([\\*_~`|>#[\]()<@:-])/g, "\\$1");
/** Slack's three control characters, as its own escaping rules say (the hub's link, written by the hub). */
const escapeSlack = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Slack has no escape for its mrkdwn, and links bare addresses and domains by itself: so each
 * character that could start formatting, a quote, an emoji, a mention or a link is written as the
 * look-alike below (the words read the same; nothing of them is live), and a line break as a space.
 */
export const SLACK_LOOKALIKES: Readonly<Record<string, string>> = {
  "*": "\u2217", // ∗ asterisk operator
  _: "\uFF3F", // ＿ fullwidth low line
  "~": "\u223C", // ∼ tilde operator
  "`": "\u02CB", // ˋ modifier letter grave accent
  ":": "\uA789", // ꞉ modifier letter colon (no `http:`, no `:emoji:`)
  ".": "\u2024", // ․ one dot leader (no `www.`, no domain)
  "@": "\uFF20", // ＠ fullwidth commercial at
  "<": "\u2039", // ‹
  ">": "\u203A", // › (no quote at a line's start)
  "|": "\u01C0", // ǀ latin letter dental click
  "&": "\uFF06", // ＆ fullwidth ampersand (no entity)
  "!": "\u01C3", // ǃ latin letter retroflex click
};
const SLACK_LIVE = /[*_~`:.@<>|&!]/g;
export const inertForSlack = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, " ").replace(SLACK_LIVE, (c) => SLACK_LOOKALIKES[c]!);

/** The first `max` UTF-16 units of escaped text, or fewer: never half a character, never an escape's lone backslash. */
function cutEscaped(escaped: string, max: number): string {
  let cut = escaped.slice(0, max);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  let backslashes = 0;
  while (cut[cut.length - 1 - backslashes] === "\\") backslashes++;
  return backslashes % 2 === 1 ? cut.slice(0, -1) : cut;
}

export function bodyOf(format: WebhookFormat, kind: AlertKind, message: AlertMessage): string {
  if (format === "discord") {
    // the link on its own line, unescaped, so Discord makes it a link; the words cut to fit
    const link = `\n${message.url}`;
    // no more of the text than could ever show: escaping only makes it longer
    const words = escapeDiscord(message.text.slice(0, DISCORD_CONTENT_MAX));
    const room = DISCORD_CONTENT_MAX - link.length;
    const content = (words.length > room || message.text.length > DISCORD_CONTENT_MAX ? `${cutEscaped(words, room - 1)}…` : words) + link;
    return JSON.stringify({ content, allowed_mentions: { parse: [] } });
  }
  if (format === "slack") {
    // Slack shows about 3,000 characters of a message's text; the rest is cut, whole characters kept
    const shown =
      message.text.length > SLACK_TEXT_MAX ? `${message.text.slice(0, SLACK_TEXT_MAX - 1).replace(/[\ud800-\udbff]$/, "")}…` : message.text;
    return JSON.stringify({ text: `${inertForSlack(shown)} <${escapeSlack(message.url)}|Open in the hub>` });
  }
  return JSON.stringify({ event: kind, text: message.text, url: message.url, data: message.data });
}

/** `X-Hub-Signature-256` of a generic delivery: the lower-case hex HMAC-SHA256 of "<timestamp>.<body>". */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret)
    .update(`${String(timestamp)}.${body}`)
    .digest("hex")}`;
}

/** The headers of one attempt: the same delivery id on every retry, the attempt's time, and for generic hosts the signature. */
export function headersOf(format: WebhookFormat, deliveryId: string, timestamp: number, body: string, secret: string | null) {
  return {
    "x-hub-delivery": deliveryId,
    "x-hub-timestamp": String(timestamp),
    ...(format === "generic" && secret ? { "x-hub-signature-256": signatureOf(secret, timestamp, body) } : {}),
  };
}
