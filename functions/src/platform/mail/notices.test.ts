import { describe, expect, it } from "vitest";
import { deadLinkMail, failingLinkMail, loginLinkMail, offerEndingMail, termsChangedMail, termsUnreachableMail } from "./notices";

const community = { name: "Points & Co", joinUrl: "https://points.example.org/join", supportEmail: "help@points.example.org" };
const HUB = "Points & Co Referral Hub";
const DASHBOARD = "https://hub.example.com/dashboard";
const REVIEW = "https://hub.example.com/admin?tab=programs&terms=p1";
const TERMS = "https://bank.example/terms?offer=1&lang=en";
const HOSTILE = "<script>alert(1)</script>";

/** Each mail, its subject as before, and the one button it asks the reader to press. */
const mails = async () => [
  {
    mail: await loginLinkMail("a@example.com", "https://hub.example.com/email-login?token=t0k", community),
    subject: `Your login link for the ${HUB}`,
    button: [`Sign in to the ${HUB}`, "https://hub.example.com/email-login?token=t0k"],
  },
  {
    mail: await deadLinkMail(
      "a@example.com",
      { programName: "Gold", link: "https://x.example/?a=1&b=2", note: "Expired", dashboardUrl: DASHBOARD },
      community,
    ),
    subject: "Your Gold referral link was marked dead",
    button: ["Update it on your dashboard", DASHBOARD],
  },
  {
    mail: await failingLinkMail(
      "a@example.com",
      { programName: "Gold", link: "https://x.example/r", reason: "HTTP 404 Not Found", dashboardUrl: DASHBOARD },
      community,
    ),
    subject: "Your Gold referral link is failing and out of the rotation",
    button: ["Test it again", DASHBOARD],
  },
  {
    mail: await offerEndingMail("a@example.com", { programName: "Gold", lastDay: "2026-11-29", dashboardUrl: DASHBOARD }, community),
    subject: "The Gold offer ends on 2026-11-29",
    button: ["Your links", DASHBOARD],
  },
  {
    mail: await termsChangedMail(
      "admin@example.com",
      { programName: "Gold", termsUrl: TERMS, figures: ["60,000 → 40,000 points"], reviewUrl: REVIEW },
      community,
    ),
    subject: "The Gold terms changed",
    button: ["Review it", REVIEW],
  },
  {
    mail: await termsUnreachableMail(
      "admin@example.com",
      { programName: "Gold", termsUrl: TERMS, reason: "HTTP 404", reviewUrl: REVIEW },
      community,
    ),
    subject: "The Gold terms page cannot be read",
    button: ["Open the program", REVIEW],
  },
];

describe("the hub's one-off mails", () => {
  it("keep their subjects, and each has the shared layout: the hub's name, one button, the sign-off, the footer", async () => {
    for (const { mail, subject, button } of await mails()) {
      expect(mail.subject).toBe(subject);
      expect(mail.html, subject).toContain("Points &amp; Co Referral Hub</p>");
      expect(mail.html, subject).toContain(`<title>${subject.replace("&", "&amp;")}</title>`);
      expect(mail.html, subject).toContain('<meta name="color-scheme" content="light dark"/>');
      expect(mail.html, subject).toContain("@media (prefers-color-scheme: dark)");
      const primary = [...mail.html.matchAll(/<a href="([^"]+)" class="mail-button"[^>]*>.*?<span style="[^"]*">([^<]+)<\/span>/g)];
      expect(
        primary.map(([, href, label]) => [label!.replace("&amp;", "&"), href!.replaceAll("&amp;", "&")]),
        subject,
      ).toEqual([button]);
      expect(mail.text, subject).toContain(`${button[0]!}:\n${button[1]!}`);
      expect(mail.text, subject).toMatch(/^Hello,\n\n/);
      expect(mail.text, subject).toContain(`--\n${HUB}\nQuestions? Write to help@points.example.org`);
      expect(mail.html, subject).toMatch(/<a href="mailto:help@points\.example\.org"[^>]*>help@points\.example\.org<\/a>/);
      expect(mail.text, subject).toMatch(/\n\nYou get this e-mail .+\.\n$/);
    }
  });

  it("spell out every address of their HTML in the text part", async () => {
    for (const { mail, subject } of await mails()) {
      const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map(([, href]) => href!.replaceAll("&amp;", "&").replace(/^mailto:/, ""));
      expect(hrefs.length, subject).toBeGreaterThan(1);
      for (const href of hrefs) expect(mail.text, subject).toContain(href);
    }
  });

  it("keep the facts the tests of the jobs look for in the text", async () => {
    const [login, dead, failing, ending, changed, unreachable] = (await mails()).map((m) => m.mail.text);
    // testing/inbox.ts's loginUrlIn, and production-mode's first https address
    expect(/https?:\/\/\S+\/email-login\?token=[A-Za-z0-9_%-]+/.exec(login!)?.[0]).toBe("https://hub.example.com/email-login?token=t0k");
    expect(/https:\/\/\S+/.exec(login!)?.[0]).toBe("https://hub.example.com/email-login?token=t0k");
    expect(login).toContain(`sign in to the ${HUB}`);
    expect(dead).toContain("Note from the admin: Expired");
    expect(dead).toContain("(https://x.example/?a=1&b=2)");
    expect(failing).toContain("Last check: HTTP 404 Not Found");
    expect(ending).toContain("ends on 2026-11-29");
    expect(changed).toContain("- 60,000 → 40,000 points");
    expect(changed).toContain(REVIEW);
    expect(unreachable).toContain("Last check: HTTP 404");
  });

  it("never put a member's or an admin's text into the HTML unescaped", async () => {
    const dead = await deadLinkMail(
      "a@example.com",
      { programName: HOSTILE, link: HOSTILE, note: HOSTILE, dashboardUrl: DASHBOARD },
      community,
    );
    const changed = await termsChangedMail(
      "a@example.com",
      { programName: HOSTILE, termsUrl: TERMS, figures: [HOSTILE], reviewUrl: REVIEW },
      community,
    );
    for (const mail of [dead, changed]) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
    expect(dead.text).toContain(`Note from the admin: ${HOSTILE}`);
  });

  it("name the hub alone and send no help address when the community's configuration is invalid", async () => {
    const mail = await loginLinkMail("a@example.com", "https://hub.example.com/email-login?token=t", null);
    expect(mail.subject).toBe("Your login link for the Referral Hub");
    expect(mail.text).toContain("--\nReferral Hub\n");
    expect(mail.text).not.toContain("Questions?");
    expect(mail.html).not.toContain("mailto:");
  });
});
