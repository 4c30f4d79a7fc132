import { describe, expect, it } from "vitest";
import type { DigestMailContent } from "./digest-content";
import { weeklyDigestMail } from "./digest-mail";

const community = { name: "Points & Co", joinUrl: "https://points.example.org/join", supportEmail: "help@points.example.org" };
const DASHBOARD = "https://hub.example.com/dashboard";
const UNSUBSCRIBE_PAGE = "https://hub.example.com/unsubscribe?token=uid.sig";
const ONE_CLICK = "https://hub.example.com/api/public/unsubscribe?token=uid.sig";

type DigestLink = DigestMailContent["links"][number];
const link = (programName: string, more: Partial<DigestLink> = {}): DigestLink => ({
  programName,
  visits: 2,
  fairShare: 2,
  cap: null,
  capPeriod: null,
  snoozedUntil: null,
  failing: false,
  offerEndedOn: null,
  ...more,
});

const digest = (more: Partial<DigestMailContent> = {}): DigestMailContent => ({
  weekStart: "2026-11-16",
  weekEnd: "2026-11-22",
  links: [link("Gold")],
  outcomes: [],
  endingOffers: [],
  dashboardUrl: DASHBOARD,
  unsubscribePageUrl: UNSUBSCRIBE_PAGE,
  oneClickUnsubscribeUrl: ONE_CLICK,
  ...more,
});

const mail = (content: DigestMailContent) => weeklyDigestMail("a@example.com", content, community);

/** The buttons of the HTML, as label → address (React Email's button is an <a> around a <span> with the label). */
function buttons(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, href, label] of html.matchAll(/<a href="([^"]+)" class="mail-button[^"]*"[^>]*>.*?<span style="[^"]*">([^<]+)<\/span>/g)) {
    found.set(label!, href!.replaceAll("&amp;", "&"));
  }
  return found;
}

describe("the weekly digest mail", () => {
  it("keeps its subject, and RFC 8058's one-click unsubscribe headers", async () => {
    const m = await mail(digest());
    expect(m.subject).toBe("Your referral week at the Points & Co Referral Hub: 2026-11-16 to 2026-11-22");
    expect(m.headers).toEqual({ "List-Unsubscribe": `<${ONE_CLICK}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(m.html).toContain(`href="${UNSUBSCRIBE_PAGE}"`);
  });

  it("says each link's visits and fair share in words, with plurals right", async () => {
    const m = await mail(
      digest({
        links: [
          link("Gold", { visits: 12, fairShare: 1.5 }),
          link("Silver", { visits: 1, fairShare: 1 }),
          link("Bronze", { visits: 0, fairShare: 0 }),
        ],
      }),
    );
    for (const part of [m.text, m.html]) {
      expect(part).toContain("12 visits; a fair share would have been 1.5 visits");
      expect(part).toContain("1 visit; a fair share would have been 1 visit");
      expect(part).toContain("0 visits; a fair share would have been 0 visits");
      expect(part).toContain("13 visits to your 3 links");
    }
    expect(m.text).toContain("- Silver: 1 visit; a fair share would have been 1 visit");
    expect(m.text).not.toMatch(/\b1 visits\b/);
  });

  it("sums the week's earnings per currency and shows what was clawed back as such", async () => {
    const outcome = (kind: "paid" | "clawed-back", amount: number, currency: string) => ({
      kind,
      occurredOn: "2026-11-17",
      programName: "Gold",
      amount,
      currency,
    });
    const m = await mail(
      digest({
        outcomes: [outcome("paid", 100, "USD"), outcome("paid", 50, "USD"), outcome("paid", 80, "EUR"), outcome("clawed-back", 25, "USD")],
      }),
    );
    for (const part of [m.text, m.html]) {
      expect(part).toContain("Earned this week: €80.00 EUR and $150.00 USD");
      expect(part).toContain("Clawed back this week: $25.00 USD");
      expect(part).toContain("Recorded: 3 paid referrals and 1 claw-back");
      expect(part).toContain("Clawed back on 2026-11-17, Gold: $25.00 USD");
    }
    const one = await mail(digest({ outcomes: [outcome("paid", 150, "USD")] }));
    expect(one.text).toContain("Earned this week: $150.00 USD");
    expect(one.text).toContain("Recorded: 1 paid referral");
    expect(one.text).not.toContain("Clawed back this week");
    expect((await mail(digest())).text).not.toContain("Earned this week");
  });

  it("lists what needs doing, each with its button, only when it applies", async () => {
    const quiet = await mail(digest({ links: [link("Gold", { cap: { reached: false, paid: 1, count: 3 }, capPeriod: "calendar-year" })] }));
    expect(quiet.text).not.toContain("Needs doing");
    expect([...buttons(quiet.html)]).toEqual([["Open your dashboard", DASHBOARD]]);
    expect(quiet.text).toContain("Cap: 1 of 3 paid referrals this calendar year");

    const cases: { content: Partial<DigestMailContent>; says: string; button: string }[] = [
      {
        content: { links: [link("Gold", { failing: true })] },
        says: "Gold — Failing: out of the rotation",
        button: "Fix it on your dashboard",
      },
      {
        content: { endingOffers: [{ programName: "Gold", offerEndsOn: "2026-11-29" }] },
        says: "Gold — The offer ends on 2026-11-29.",
        button: "See your links",
      },
      {
        content: { links: [link("Gold", { cap: { reached: true, resumesOn: "2027-01-01" }, capPeriod: "calendar-year" })] },
        says: "Gold — Cap reached: out of the rotation until 2027-01-01",
        button: "See your caps",
      },
      {
        content: { links: [link("Gold", { snoozedUntil: "2026-12-19" })] },
        says: "Gold — Snoozed until 2026-12-19.",
        button: "Back in now",
      },
    ];
    for (const { content, says, button } of cases) {
      const m = await mail(digest(content));
      expect(m.text, button).toContain("Needs doing:");
      expect(m.text, button).toContain(`${says}`);
      expect(m.text, button).toContain(`  ${button}:\n  ${DASHBOARD}`);
      expect(m.html, button).toContain(says.replace(" — ", "</strong> — <!-- -->"));
      expect(buttons(m.html).get(button), button).toBe(DASHBOARD);
      // the other items' buttons are not there
      for (const other of cases.filter((c) => c.button !== button)) expect(buttons(m.html).has(other.button), other.button).toBe(false);
    }
  });

  it("spells out every address of the HTML in its text part", async () => {
    const m = await mail(
      digest({
        links: [link("Gold", { failing: true, snoozedUntil: "2026-12-19" })],
        endingOffers: [{ programName: "Gold", offerEndsOn: "2026-11-29" }],
        dashboardUrl: "https://hub.example.com/dashboard?from=digest&week=47",
      }),
    );
    const hrefs = [...m.html.matchAll(/href="([^"]+)"/g)].map(([, href]) => href!.replaceAll("&amp;", "&"));
    expect(new Set(hrefs)).toEqual(
      new Set(["https://hub.example.com/dashboard?from=digest&week=47", UNSUBSCRIBE_PAGE, "mailto:help@points.example.org"]),
    );
    for (const href of hrefs) expect(m.text).toContain(href.replace(/^mailto:/, ""));
    expect(m.text).toContain(`To stop it: ${UNSUBSCRIBE_PAGE}`);
  });

  it("escapes a hostile program name in the HTML and keeps it as written in the text", async () => {
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const m = await mail(
      digest({
        links: [link(hostile, { failing: true })],
        outcomes: [{ kind: "paid", occurredOn: "2026-11-17", programName: hostile, amount: 5, currency: "USD" }],
        endingOffers: [{ programName: hostile, offerEndsOn: "2026-11-29" }],
      }),
    );
    expect(m.html).not.toContain("<script>");
    expect(m.html).not.toContain("<img");
    expect(m.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(m.text).toContain(`- ${hostile}: 2 visits`);
  });
});
