import { describe, expect, it } from "vitest";
import { isAllowedWebhookUrl } from "./link-tester";

describe("where a webhook may go, by its host as DNS reads it", () => {
  it.each([
    "https://localhost./hook",
    "https://LOCALHOST/hook",
    "https://metadata.google.internal./computeMetadata",
    "https://printer.local./x",
    "https://router.home.arpa./x",
    "https://a..example/x",
    "https://127.0.0.1./x",
    "https://user:pass@hooks.example.com/x",
    "http://hooks.example.com/x",
    "https://intranet/x",
  ])("%s is refused", (url) => {
    expect(isAllowedWebhookUrl(url)).toBe(false);
  });

  it.each(["https://hooks.slack.com./services/T/B/x", "https://discord.com/api/webhooks/1/x", "https://hooks.bücher.example/x"])(
    "%s is allowed",
    (url) => {
      expect(isAllowedWebhookUrl(url)).toBe(true);
    },
  );

  it("plain http only to the hosts the local suite names, read the same way", () => {
    expect(isAllowedWebhookUrl("http://Discord.com./x", (host) => host === "discord.com")).toBe(true);
    expect(isAllowedWebhookUrl("http://evil.example/x", (host) => host === "discord.com")).toBe(false);
  });
});
