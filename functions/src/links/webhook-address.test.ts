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
    "not a url",
    "",
    "https://user@hooks.example.com/x",
    "https://:secret@hooks.example.com/x",
    "https://home.arpa/x",
    "https://printer.localdomain/x",
    "https://db.internal/x",
    "https://10.0.0.8/hook",
    "https://[::1]/hook",
    "https://[fd00::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "ftp://hooks.example.com/x",
    "wss://hooks.example.com/x",
  ])("%s is refused", (url) => {
    expect(isAllowedWebhookUrl(url)).toBe(false);
  });

  it.each([
    "https://hooks.slack.com./services/T/B/x",
    "https://discord.com/api/webhooks/1/x",
    "https://hooks.bücher.example/x",
    "https://8.8.8.8/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://internal.tools.example/hook",
    "https://local.example.com/hook",
    "https://localhost.example.com/hook",
    "https://myhome.arpa.example/hook",
  ])("%s is allowed", (url) => {
    expect(isAllowedWebhookUrl(url)).toBe(true);
  });

  it("plain http only to the hosts the local suite names, read the same way", () => {
    expect(isAllowedWebhookUrl("http://Discord.com./x", (host) => host === "discord.com")).toBe(true);
    expect(isAllowedWebhookUrl("http://evil.example/x", (host) => host === "discord.com")).toBe(false);
    // only plain http: not another scheme, nor the https rules waived, for a host it names
    expect(isAllowedWebhookUrl("ftp://discord.com/x", (host) => host === "discord.com")).toBe(false);
    expect(isAllowedWebhookUrl("https://localhost/x", (host) => host === "localhost")).toBe(false);
    expect(isAllowedWebhookUrl("http://localhost/x", (host) => host === "localhost")).toBe(true);
    // and it is asked about the host as DNS reads it, never a URL with credentials
    const asked: string[] = [];
    expect(isAllowedWebhookUrl("http://u:p@discord.com/x", (host) => (asked.push(host), true))).toBe(false);
    expect(asked).toEqual([]);
  });
});
