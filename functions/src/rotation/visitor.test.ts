import { describe, expect, it } from "vitest";
import { isCountedVisit } from "./visitor";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("which visits count", () => {
  it.each([CHROME, IPHONE])("a browser's GET counts: %s", (userAgent) => {
    expect(isCountedVisit({ method: "GET", userAgent, purpose: undefined })).toBe(true);
  });

  it.each([
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "WhatsApp/2.23.20.0",
    "TelegramBot (like TwitterBot)",
    "Twitterbot/1.0",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "curl/8.5.0",
    "",
    undefined,
  ])("a bot, a link preview or no User-Agent does not: %s", (userAgent) => {
    expect(isCountedVisit({ method: "GET", userAgent, purpose: undefined })).toBe(false);
  });

  it("neither does a HEAD request or a prefetch", () => {
    expect(isCountedVisit({ method: "HEAD", userAgent: CHROME, purpose: undefined })).toBe(false);
    expect(isCountedVisit({ method: "GET", userAgent: CHROME, purpose: "prefetch;prerender" })).toBe(false);
  });
});
