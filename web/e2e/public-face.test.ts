import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_COMMUNITY, FIXTURE_SITE } from "../../testing/suite-config";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { decodeQr } from "../../testing/browser/qr";

const browser = useBrowser();
let admin: string;

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

// A visitor's ordinary browser: headless Chromium's own User-Agent is a bot's, whose visits are not counted.
const VISITOR_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
/** Members' links point at the suite's stand-in web site, whose /offer page answers whatever the query. */
const offerPage = (program: string, owner: string) =>
  `${FIXTURE_SITE}/offer?${new URLSearchParams({ program, ref: owner.split("@")[0]! }).toString()}`;

interface ProgramSetup {
  name: string;
  description?: string;
  shared?: boolean;
  /** Owners whose (admin-approved) links rotate in the program. */
  owners?: string[];
}

/** Programs as an admin sets them up: created (approved), shared on the site, with approved links of the owners. */
async function setUpPrograms(programs: ProgramSetup[]) {
  // `address`: the program's rotation address as the hub shows and copies it (its short one, /r/{slug})
  const made: Record<string, { id: string; links: string[]; address: string }> = {};
  for (const { name, description, shared = true, owners = [] } of programs) {
    const program = await api<{ id: string; redirectUrl: string }>("POST", "/api/programs", admin, {
      name,
      ...(description ? { description } : {}),
    });
    if (shared) await api("POST", `/api/programs/${program.id}/toggle-shared`, admin, { isSharedOnSite: true });
    const links: string[] = [];
    for (const owner of owners) {
      const link = offerPage(name, owner);
      const created = await api<{ id: string }>("POST", "/api/links", admin, {
        programId: program.id,
        name: owner.split("@")[0],
        email: owner,
        link,
        description: "Offer",
      });
      await api("POST", `/api/links/${created.id}/approve`, admin);
      links.push(link);
    }
    made[name] = { id: program.id, links, address: program.redirectUrl };
  }
  return made;
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

const card = (page: Page, programName: string) => page.getByRole("article", { name: programName, exact: true });

describe("the open /programs page", () => {
  it("shows an empty state while nothing is shared", async () => {
    await setUpPrograms([{ name: "Not Shared Yet", shared: false, owners: ["owner1@example.com"] }]);
    const { context, page } = await newPage(browser());
    await page.goto("/programs");
    await page.getByRole("heading", { name: "No programs are shared yet" }).waitFor();
    expect(await page.getByRole("article").count()).toBe(0);
    await screenshot(page, "public-01-programs-empty");
    await context.close();
  });

  it("lets a visitor copy a program's rotation address, scan its QR code and follow it to a member's link", async () => {
    const programs = await setUpPrograms([
      { name: "zeta Bank", description: "Checking bonus after two deposits", owners: ["owner1@example.com", "owner2@example.com"] },
      { name: "Amex Gold", description: "Dining and grocery card" },
      { name: "Hidden Program", shared: false, owners: ["owner3@example.com"] },
    ]);
    const zeta = programs["zeta Bank"]!;
    const { context, page } = await newPage(browser(), {
      permissions: ["clipboard-read", "clipboard-write"],
      userAgent: VISITOR_UA,
      deviceScaleFactor: 2,
    });

    await page.goto("/programs");
    await page.getByRole("heading", { name: "Referral Programs", level: 1 }).waitFor();
    await card(page, "zeta Bank").waitFor();
    await expect.poll(() => page.title()).toBe(`Referral Programs · ${DEMO_COMMUNITY.name} Referral Hub`);
    // only shared programs, by name whatever the case, with what a visitor needs and nothing about members
    expect(await page.getByRole("article").locator("h2").allTextContents()).toEqual(["Amex Gold", "zeta Bank"]);
    await card(page, "zeta Bank").getByText("2 active links").waitFor();
    await card(page, "zeta Bank").getByText("Checking bonus after two deposits").waitFor();
    await card(page, "Amex Gold").getByText("No active links yet").waitFor();
    expect(await page.getByText("@example.com").count()).toBe(0);
    expect(await page.getByText("fixture").count()).toBe(0);
    // visitors are invited to log in, not offered members' controls
    await page.getByRole("link", { name: "Member login" }).waitFor();
    expect(await page.getByRole("link", { name: /Submit your link/ }).count()).toBe(0);
    await screenshot(page, "public-02-programs-visitor");

    // search narrows the list
    await page.getByRole("searchbox", { name: "Search programs" }).fill("dining");
    await expect.poll(() => page.getByRole("article").count()).toBe(1);
    await card(page, "Amex Gold").waitFor();
    await page.getByRole("searchbox", { name: "Search programs" }).fill("");
    await card(page, "zeta Bank").waitFor();

    // the QR code on the card, drawn as the card comes on screen and read from it, is the rotation address
    await card(page, "zeta Bank").scrollIntoViewIfNeeded();
    expect(await decodeQr(card(page, "zeta Bank").getByRole("button", { name: "Show QR code of zeta Bank" }))).toBe(zeta.address);
    // and so is the large one, for print
    await card(page, "zeta Bank").getByRole("button", { name: "Show QR code of zeta Bank" }).click();
    const dialog = page.getByRole("dialog", { name: "zeta Bank" });
    await dialog.getByRole("button", { name: "Download PNG" }).waitFor();
    // the dialog fades in: a screenshot taken mid-fade (Playwright counts a fading element as visible)
    // is a pale code that cannot be read, so read it once it is shown in full, as a phone would scan it
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el.closest(".MuiDialog-container") ?? el).opacity)).toBe("1");
    expect(await decodeQr(dialog.getByRole("img", { name: "QR code of the rotation address of zeta Bank" }))).toBe(zeta.address);
    await screenshot(page, "public-03-qr-dialog");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });

    await card(page, "zeta Bank").getByRole("button", { name: "Copy rotation address of zeta Bank" }).click();
    await page.getByText("Rotation address copied to the clipboard").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(zeta.address);

    // pasted into the address bar, it lands on one of the program's member links, and the visit counts
    await page.goto(copied);
    await page.getByRole("heading", { name: "Get 60,000 bonus points" }).waitFor();
    expect(zeta.links).toContain(page.url());
    const links = await api<{ programId: string; visitCount: number }[]>("GET", "/api/links", admin);
    expect(links.filter((link) => link.programId === zeta.id).reduce((sum, link) => sum + link.visitCount, 0)).toBe(1);
    await context.close();
  });

  it("arrives complete with no app code; a tap the island does not answer loads the app and is not lost", async () => {
    const programs = await setUpPrograms([{ name: "zeta Bank", description: "Checking bonus", owners: ["owner1@example.com"] }]);
    const zeta = programs["zeta Bank"]!;
    const { context, page } = await newPage(browser(), { permissions: ["clipboard-read", "clipboard-write"], userAgent: VISITOR_UA });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/programs");
    // the server's render: the card, its count and its QR code are in the page as it arrives
    await card(page, "zeta Bank").getByText("1 active link").waitFor();
    expect(await decodeQr(card(page, "zeta Bank").getByRole("button", { name: "Show QR code of zeta Bank" }))).toBe(zeta.address);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual(["/visitor-island.js"]);
    const article = await card(page, "zeta Bank").elementHandle();

    // Copy is the island's (web/e2e/first-tap.test.ts): still no app
    await card(page, "zeta Bank").getByRole("button", { name: "Copy rotation address of zeta Bank" }).click();
    await page.getByText("Rotation address copied to the clipboard").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(zeta.address);
    expect(scripts).toEqual(["/visitor-island.js"]);

    // the theme toggle is the app's: the tap is held while the app loads, then replayed
    await page.getByRole("button", { name: "Theme: system" }).click();
    await page.getByRole("menuitemradio", { name: "System", checked: true }).waitFor();
    expect(scripts.length).toBeGreaterThan(1);
    // the app took the server's HTML over instead of drawing the page again
    expect(await article!.evaluate((element) => element.isConnected)).toBe(true);
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("opens from a shared address with tracking parameters; the open list refuses made-up ones, the rotation ignores them", async () => {
    const programs = await setUpPrograms([{ name: "Chase Freedom", owners: ["owner1@example.com"] }]);
    const chase = programs["Chase Freedom"]!;
    const { context, page } = await newPage(browser(), { userAgent: VISITOR_UA });
    // a newsletter's link to the page: the parameters stay in the page's address, not in its API call
    await page.goto("/programs?utm_source=newsletter&utm_medium=email&fbclid=abc123");
    await card(page, "Chase Freedom").getByText("1 active link").waitFor();
    // the list itself answers only its one address, so no made-up parameter can skip its minute's cache
    expect(await page.evaluate(async () => (await fetch("/api/public/programs?cacheBust=1")).status)).toBe(400);
    // a shared rotation address picks up the same parameters, and still lands on the member's link
    await page.goto(`${chase.address}?utm_source=newsletter&fbclid=abc123`);
    await page.getByRole("heading", { name: "Get 60,000 bonus points" }).waitFor();
    expect(chase.links).toContain(page.url());
    await context.close();
  });

  it("shows a member which programs miss their link and takes them to submit one there", async () => {
    const programs = await setUpPrograms([
      { name: "Amex Gold", owners: ["active@example.com"] },
      { name: "Chase Sapphire Preferred", owners: ["owner1@example.com"] },
      { name: "Discover it", description: "Rotating 5% categories" },
    ]);
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    await page.goto("/programs");
    await page.getByText("You have a link in 1 of 3 programs listed here.").waitFor();
    await card(page, "Amex Gold").getByText("Your link: Active").waitFor();
    for (const missing of ["Chase Sapphire Preferred", "Discover it"]) {
      await card(page, missing).getByText("You have no link here yet").waitFor();
      await card(page, missing)
        .getByRole("link", { name: `Submit your link for ${missing}` })
        .waitFor();
    }
    expect(
      await card(page, "Amex Gold")
        .getByRole("link", { name: /Submit your link/ })
        .count(),
    ).toBe(0);
    await screenshot(page, "public-04-programs-member");

    // 'Only programs without my link' leaves the two to act on
    await page
      .getByRole("switch", { name: "Only programs without my link" })
      .or(page.getByRole("checkbox", { name: "Only programs without my link" }))
      .click();
    expect(await page.getByRole("article").locator("h2").allTextContents()).toEqual(["Chase Sapphire Preferred", "Discover it"]);

    // the shortcut opens /submit with the program already chosen
    await card(page, "Discover it").getByRole("link", { name: "Submit your link for Discover it" }).click();
    await page.waitForURL((url) => url.pathname === "/submit" && url.searchParams.get("programId") === programs["Discover it"]!.id);
    await expect.poll(() => page.getByRole("combobox", { name: "Program" }).inputValue()).toBe("Discover it");
    await page.getByRole("textbox", { name: "Your Name" }).fill("Alice Active");
    await page.getByRole("textbox", { name: "Referral Link" }).fill(offerPage("Discover it", "active@example.com"));
    await page.getByRole("textbox", { name: "Offer Details" }).fill("$150 cash back after first purchase");
    await page.getByRole("button", { name: "Submit Link" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/programs");
    await page.getByText("You have a link in 2 of 3 programs listed here.").waitFor();
    await card(page, "Discover it").getByText("Your link: Pending").waitFor();
    await context.close();
  });
});

describe("the landing page", () => {
  it("offers a visitor the e-mail box, Admin and 'Join membership' to the community's join page", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/");
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    await page.getByText(DEMO_COMMUNITY.name, { exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe(`${DEMO_COMMUNITY.name} Referral Hub`);
    const join = page.getByRole("link", { name: "Join membership" });
    expect(await join.getAttribute("href")).toBe(DEMO_COMMUNITY.joinUrl);
    expect(await join.getAttribute("target")).toBe("_blank");
    expect(await join.getAttribute("rel")).toBe("noopener noreferrer");
    await page.getByRole("link", { name: "Admin" }).waitFor();
    for (const memberOnly of ["Submit Link", "My Dashboard", "Logout"])
      expect(
        await page
          .getByRole("link", { name: memberOnly })
          .or(page.getByRole("button", { name: memberOnly }))
          .count(),
      ).toBe(0);
    await screenshot(page, "public-05-landing-visitor");

    // a subscription error sends the visitor to the same community's join page and support address
    await page.goto("/subscription-error");
    await page.getByText("Subscription Required").waitFor();
    expect(await page.getByRole("link", { name: "Join" }).getAttribute("href")).toBe(DEMO_COMMUNITY.joinUrl);
    expect(await page.getByRole("link", { name: "Join" }).getAttribute("target")).toBe("_blank");
    const support = await page.getByRole("link", { name: "Contact Support" }).getAttribute("href");
    expect(support).toMatch(new RegExp(`^mailto:${DEMO_COMMUNITY.supportEmail.replace(/\./g, "\\.")}\\?subject=`));
    expect(decodeURIComponent(support!)).toContain(`${DEMO_COMMUNITY.name} Referral Hub`);
    await context.close();
  });

  it("offers a member their destinations and Logout, but not Admin", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Referral Programs" }).waitFor();
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Referral Programs", "Submit Link", "My Dashboard"]);
    await page.getByText("Signed in as active@example.com").waitFor();
    expect(await page.getByRole("button", { name: "Continue with Email" }).count()).toBe(0);
    await screenshot(page, "public-06-landing-member");

    await nav.getByRole("link", { name: "Referral Programs" }).click();
    await page.waitForURL("**/programs");
    await page.goto("/");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    await context.close();
  });

  it("never shows a member's browser the visitor's sign-in parts of the server's page, nor hides them once the session is gone", async () => {
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    // the app's entry held back: the pages are as the server rendered them (a visitor's) and the loader left them
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue().catch(() => undefined); // a request of a page left meanwhile
    });
    /** Whether the loader's mark (web/src/lib/had-session-mark.ts) is on the page. */
    const marked = () => page.evaluate(() => document.documentElement.hasAttribute("data-hub-had-session"));
    const held = async (path: string, visitorOnly: Locator, shown: Locator) => {
      await page.goto(path);
      await shown.waitFor();
      expect(await marked()).toBe(true);
      expect(await visitorOnly.count()).toBe(1);
      expect(await visitorOnly.isHidden()).toBe(true);
    };
    await setUpPrograms([{ name: "zeta Bank", owners: ["owner1@example.com"] }]);
    await held(
      "/programs",
      page.locator("a", { hasText: "Member login" }),
      page.getByRole("heading", { name: "Referral Programs", level: 1 }),
    );
    await held("/", page.locator("button", { hasText: "Continue with Email" }), page.getByRole("heading", { level: 1 }));

    release();
    await page.getByText("Signed in as active@example.com").waitFor();
    expect(await marked()).toBe(false);
    expect(await page.locator("button", { hasText: "Continue with Email" }).count()).toBe(0);

    // a session gone while this browser still says it had one: the page shows the visitor's parts once it knows
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    await page.evaluate(() => {
      localStorage.setItem("hadSession", "true");
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Continue with Email" }).waitFor();
    expect(await marked()).toBe(false);
    await context.close();
  });

  it("offers an admin the Admin dashboard too", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Admin" }).waitFor();
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Referral Programs", "Submit Link", "My Dashboard", "Admin"]);
    await page.getByRole("button", { name: "Logout" }).waitFor();
    await screenshot(page, "public-07-landing-admin");
    await nav.getByRole("link", { name: "Admin" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await context.close();
  });
});

describe("page titles and icon", () => {
  it.each([
    ["/programs", "Referral Programs"],
    ["/email-login", "Member Login"],
    ["/auth", "Admin Login"],
    ["/subscription-error", "Subscription Required"],
    ["/no-such-page", "Page Not Found"],
  ])("names %s after the page and the community", async (path, page) => {
    const { context, page: tab } = await newPage(browser());
    await tab.goto(path);
    await expect.poll(() => tab.title()).toBe(`${page} · ${DEMO_COMMUNITY.name} Referral Hub`);
    await context.close();
  });

  it("gives the tab the hub's icon", async () => {
    const { context, page } = await newPage(browser());
    await page.goto("/");
    const href = await page.locator('link[rel="icon"]').getAttribute("href");
    const icon = await page.request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    expect(await icon.text()).toMatch(/^<svg /);
    await context.close();
  });
});

describe("on a phone (375 px wide)", () => {
  it("fits /programs, the landing page and the login pages without sideways scrolling", async () => {
    await setUpPrograms([
      {
        name: "Chase Sapphire Preferred with a rather long program name",
        description: "Travel rewards ".repeat(12),
        owners: ["owner1@example.com"],
      },
    ]);
    const { context, page } = await newPage(browser(), PHONE);
    for (const [path, ready, shot] of [
      ["/programs", "Copy rotation address of Chase Sapphire Preferred with a rather long program name", "public-08-phone-programs"],
      ["/", "Continue with Email", "public-09-phone-landing"],
      ["/email-login", "Send Login Link", "public-10-phone-email-login"],
      ["/subscription-error", "← Back to Login", "public-11-phone-subscription-error"],
    ] as const) {
      await page.goto(path);
      await page
        .getByRole("button", { name: ready })
        .or(page.getByRole("link", { name: ready }))
        .first()
        .waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, shot);
    }
    await context.close();
  });

  it("fits a member's /programs, /dashboard and /submit without sideways scrolling", async () => {
    const programs = await setUpPrograms([{ name: "Amex Gold", owners: ["owner1@example.com"] }, { name: "Capital One Venture X" }]);
    const { context, page } = await newPage(browser(), PHONE);
    await signInAsMember(page, "active@example.com");
    await api("POST", "/api/links", admin, {
      programId: programs["Amex Gold"]!.id,
      name: "Alice",
      email: "active@example.com",
      link: `${offerPage("Amex Gold", "active@example.com")}&code=${"a".repeat(120)}`,
      description: "A long offer ".repeat(20),
    });

    await page.goto("/programs");
    await card(page, "Amex Gold").getByText("Your link: Pending").waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "public-12-phone-programs-member");

    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Your Links (1)" }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "public-13-phone-dashboard");

    await page.goto(`/submit?programId=${programs["Capital One Venture X"]!.id}`);
    await expect.poll(() => page.getByRole("combobox", { name: "Program" }).inputValue()).toBe("Capital One Venture X");
    await expectNoSidewaysScroll(page);
    await screenshot(page, "public-14-phone-submit");
    await context.close();
  });
});
