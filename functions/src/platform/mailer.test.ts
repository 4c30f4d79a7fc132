import { describe, expect, it } from "vitest";
import { deadLinkMail, loginLinkMail } from "./mailer";

const community = { name: "Points & <Co>", joinUrl: "https://points.example.org/join", supportEmail: "help@points.example.org" };

describe("outgoing e-mails", () => {
  it("name the configured community and say where to get help", async () => {
    const mail = await loginLinkMail("a@example.com", "https://hub.example.com/email-login?token=t", community);
    expect(mail.subject).toBe("Your login link for the Points & <Co> Referral Hub");
    expect(mail.text).toContain("sign in to the Points & <Co> Referral Hub");
    expect(mail.text).toContain("Questions? Write to help@points.example.org");
    expect(mail.html).toMatch(/<a href="mailto:help@points\.example\.org"[^>]*>help@points\.example\.org<\/a>/);
  });

  it("never put the community's name or a member's text into the HTML unescaped", async () => {
    const login = await loginLinkMail("a@example.com", "https://hub.example.com/email-login?token=t", community);
    const dead = await deadLinkMail(
      "a@example.com",
      {
        programName: "Amex",
        link: "https://x.example/?a=1&b=2",
        note: "<script>alert(1)</script>",
        dashboardUrl: "https://hub.example.com/dashboard",
      },
      community,
    );
    for (const html of [login.html, dead.html]) {
      expect(html).toContain("Points &amp; &lt;Co&gt; Referral Hub");
      expect(html).not.toContain("<Co>");
    }
    expect(dead.html).toContain("&lt;script&gt;");
    expect(dead.html).not.toContain("<script>");
    expect(dead.text).toContain("Questions? Write to help@points.example.org");
  });

  it("still go out, naming the hub alone, when the community's configuration is invalid", async () => {
    const mail = await loginLinkMail("a@example.com", "https://hub.example.com/email-login?token=t", null);
    expect(mail.subject).toBe("Your login link for the Referral Hub");
    expect(mail.text).toContain("https://hub.example.com/email-login?token=t");
    expect(mail.text).not.toContain("Questions?");
  });
});
