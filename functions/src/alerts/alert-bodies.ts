import { createHmac } from "node:crypto";
import type { AlertKind } from "@hub/contract/alerts";
import type { AlertMessage } from "./alerts.store";

/*
 * What a delivery posts (the contract's *Terms watch and alerts*, *Delivery*): the receiving
 * service's own format, chosen by the webhook's host: Discord `{ content, allowed_mentions }`, Slack
 * `{ text }`, any other `{ event, text, url, data }`, signed. Pure.
 */

export type WebhookFormat = "discord" | "slack" | "generic";

const DISCORD_HOSTS = new Set(["discord.com", "discordapp.com"]);
const SLACK_HOSTS = new Set(["hooks.slack.com"]);
/** Discord's limit on a message's content. */
export const DISCORD_CONTENT_MAX = 2_000;

export function formatOf(webhookUrl: string): WebhookFormat {
  const host = new URL(webhookUrl).hostname.toLowerCase();
  if (DISCORD_HOSTS.has(host)) return "discord";
  if (SLACK_HOSTS.has(host)) return "slack";
  return "generic";
}

/** Discord's markdown read as text: every character it gives a meaning to, escaped with a backslash. */
const escapeDiscord = (text: string) => text.replace(/([\\*_~`|>#[\]()<@:-])/g, "\\$1");
/** Slack's three control characters (its own escaping rules: nothing else is escaped). */
const escapeSlack = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function bodyOf(format: WebhookFormat, kind: AlertKind, message: AlertMessage): string {
  if (format === "discord") {
    // the link on its own line, unescaped, so Discord makes it a link; the words cut to fit
    const link = `\n${message.url}`;
    const words = escapeDiscord(message.text);
    const room = DISCORD_CONTENT_MAX - link.length;
    const content = (words.length > room ? `${words.slice(0, room - 1).replace(/\\$/, "")}…` : words) + link;
    return JSON.stringify({ content, allowed_mentions: { parse: [] } });
  }
  if (format === "slack") return JSON.stringify({ text: `${escapeSlack(message.text)} <${escapeSlack(message.url)}|Open in the hub>` });
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
