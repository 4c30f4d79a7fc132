import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { PublicProgram } from "@hub/contract/programs";
import { freshStoreWithAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { appUrl, newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInAsMember } from "../../testing/browser/member";
import { listenForTakeover } from "../../testing/browser/takeover";
import { decodeQr, decodeQrPng } from "../../testing/browser/qr";
import { expectToast } from "../../testing/browser/toasts";

/**
 * The first tap on the server-rendered pages, answered at once on a phone (issue 32): the visitor's
 * controls work on the server's HTML through the page's small island of script (public/visitor-island.js),
 * never waiting for the app, which a visitor's phone does not load for them. The CPU runs 4× slower,
 * as Lighthouse's phone; each answer is checked right after the tap, without waiting for it.
 */

const browser = useBrowser();
let admin: string;

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

const ISLAND = "/visitor-island.js";
const PROGRAMS = [
  { name: "Amex Gold", description: "Dining and grocery card" },
  { name: "Chase Freedom" },
  { name: "zeta Bank", description: "Checking bonus after two deposits" },
];

/** The programs, shared on the site, as an admin sets them up. */
async function sharePrograms() {
  for (const { name, description } of PROGRAMS) {
    const program = await api<{ id: string }>("POST", "/api/programs", admin, { name, ...(description ? { description } : {}) });
    await api("POST", `/api/programs/${program.id}/toggle-shared`, admin, { isSharedOnSite: true });
  }
}

/** The rotation address of a shared program, as the open list gives it (on this site). */
async function rotationAddressOf(name: string): Promise<string> {
  const programs = await api<PublicProgram[]>("GET", "/api/public/programs");
  const program = programs.find((p) => p.name === name);
  if (!program) throw new Error(`${name} is not in the open list`);
  return new URL(program.redirectUrl, appUrl()).href;
}

/** A visitor's browser (nothing stored) on a phone's CPU, and the scripts it loads. */
async function visitorOnSlowCpu(options: Parameters<typeof newPage>[1] = {}) {
  const { context, page } = await newPage(browser(), options);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return {
    context,
    page,
    scripts,
    /** Back to full speed: for the accessibility checks, which are not what a visitor waits for. */
    fullSpeed: () => cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 }),
  };
}

const shownNames = (page: Page) => page.getByRole("article").locator("h2").allTextContents();
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

describe("a visitor's first tap on /programs, on a phone's CPU, without the app", () => {
  it("the search box filters the cards from the first key, and says when none match", async () => {
    await sharePrograms();
    const { context, page, scripts, fullSpeed } = await visitorOnSlowCpu();
    await page.goto("/programs");
    await page.getByRole("article", { name: "zeta Bank" }).waitFor();
    expect(await shownNames(page)).toEqual(["Amex Gold", "Chase Freedom", "zeta Bank"]);
    const box = page.getByRole("searchbox", { name: "Search programs" });

    // the first key: only the name with an x is left, at once
    await box.press("x");
    expect(await shownNames(page)).toEqual(["Amex Gold"]);
    await box.press("q");
    expect(await shownNames(page)).toEqual([]);
    expect(await page.getByText("No programs match your search.").isVisible()).toBe(true);
    await fullSpeed();
    await screenshot(page, "first-tap-01-no-match");

    // the description counts too; the text is trimmed and its case does not matter
    await box.fill("  DEPOSITS ");
    expect(await shownNames(page)).toEqual(["zeta Bank"]);
    expect(await page.getByText("No programs match your search.").isVisible()).toBe(false);
    await box.fill("");
    expect(await shownNames(page)).toEqual(["Amex Gold", "Chase Freedom", "zeta Bank"]);

    // "Show all programs" empties the search
    await box.fill("nothing like it");
    await page.getByRole("button", { name: "Show all programs" }).click();
    expect(await shownNames(page)).toEqual(["Amex Gold", "Chase Freedom", "zeta Bank"]);
    expect(await box.inputValue()).toBe("");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");

    expect(scripts).toEqual([ISLAND]);
    await context.close();
  });

  it("Copy puts the rotation address on the clipboard and says so; a refused clipboard is said too", async () => {
    await sharePrograms();
    const address = await rotationAddressOf("zeta Bank");
    const { context, page, scripts, fullSpeed } = await visitorOnSlowCpu({ permissions: ["clipboard-read", "clipboard-write"] });
    await page.goto("/programs");
    const card = page.getByRole("article", { name: "zeta Bank" });
    await card.getByText(address).waitFor();

    await card.getByRole("button", { name: "Copy rotation address of zeta Bank" }).click();
    await expectToast(page, "Copied", "Rotation address copied to the clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await fullSpeed();
    await screenshot(page, "first-tap-02-copied");
    expect(scripts).toEqual([ISLAND]);
    await context.close();

    // a browser that refuses the clipboard
    const refused = await visitorOnSlowCpu();
    await refused.page.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    });
    await refused.page.goto("/programs");
    await refused.page.getByRole("button", { name: "Copy rotation address of zeta Bank" }).click();
    await expectToast(refused.page, "Copy failed", "Unable to copy the rotation address");
    await refused.fullSpeed();
    await screenshot(refused.page, "first-tap-03-copy-failed");
    expect(refused.scripts).toEqual([ISLAND]);
    await refused.context.close();
  });

  it("the card's QR code opens large, reads as the rotation address, closes with Escape or Close, and downloads as PNG", async () => {
    await sharePrograms();
    const address = await rotationAddressOf("zeta Bank");
    // the dark scheme: the code stays dark on light, as a scanner needs
    const { context, page, scripts, fullSpeed } = await visitorOnSlowCpu({ colorScheme: "dark", acceptDownloads: true });
    await page.goto("/programs");
    const small = page.getByRole("article", { name: "zeta Bank" }).getByRole("button", { name: "Show QR code of zeta Bank" });

    await small.click();
    const dialog = page.getByRole("dialog", { name: "zeta Bank" });
    expect(await dialog.isVisible()).toBe(true);
    const code = dialog.getByRole("img", { name: "QR code of the rotation address of zeta Bank" });
    expect(await decodeQr(code)).toBe(address);
    await dialog.getByText(address).waitFor();
    await fullSpeed();
    await screenshot(page, "first-tap-04-qr-dialog");

    // Escape closes it, and the focus is back on the small code
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Show QR code of zeta Bank");
    expect(scripts).toEqual([ISLAND]);

    // opened again: the PNG for print reads as the same address, under the program's name
    await small.click();
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download PNG" }).click()]);
    expect(download.suggestedFilename()).toBe("zeta-bank-rotation-qr.png");
    expect(decodeQrPng(readFileSync(await download.path()))).toBe(address);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    // the PNG's part of the island loaded when asked for, and the app still not
    expect(scripts).toEqual([ISLAND, "/visitor-island-png.js"]);
    await context.close();
  });
});

describe("200 shared programs, a real community's size, on a phone's CPU", () => {
  it("come in one page no heavier per card than before, and the first key filters them without the app", async () => {
    const names = Array.from({ length: 200 }, (_, i) => `${["Amex", "Chase", "Citi", "Discover"][i % 4]!} Card ${String(i)}`);
    const description = (i: number) => (i % 2 ? "Travel rewards after the minimum spend" : undefined);
    // eight at a time, as admins never would: the set-up, not what is tested
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < names.length; i = next++) {
          const program = await api<{ id: string }>("POST", "/api/programs", admin, { name: names[i], description: description(i) });
          await api("POST", `/api/programs/${program.id}/toggle-shared`, admin, { isSharedOnSite: true });
        }
      }),
    );
    const { context, page, scripts } = await visitorOnSlowCpu(PHONE);
    await page.goto("/programs");
    await page.getByRole("article", { name: "Discover Card 199" }).waitFor({ state: "attached" });
    const cards = page.locator("article");
    expect(await cards.count()).toBe(200);
    // each card's markup (most of it its QR code): about 9,700 characters with these addresses before issue 32
    const sizes = await cards.evaluateAll((articles) => articles.map((article) => article.outerHTML.length));
    expect(sizes.reduce((sum, size) => sum + size, 0) / sizes.length).toBeLessThan(6000);

    await page.getByRole("searchbox", { name: "Search programs" }).press("7");
    const matching = names.filter((name, i) => `${name} ${description(i) ?? ""}`.includes("7"));
    expect((await shownNames(page)).sort()).toEqual([...matching].sort());
    // the last of them, far down the page, drawn once it is scrolled to: its code reads as its address
    const last = page.getByRole("article", { name: matching.at(-1), exact: true });
    await last.scrollIntoViewIfNeeded();
    expect(await decodeQr(last.getByRole("button", { name: `Show QR code of ${matching.at(-1)!}` }))).toBe(
      await rotationAddressOf(matching.at(-1)!),
    );
    expect(scripts).toEqual([ISLAND]);
    await context.close();
  });
});

describe("a visitor's first tap on /, on a phone's CPU, without the app", () => {
  it("the e-mail box takes the address and sends it to the login page", async () => {
    const { context, page, scripts } = await visitorOnSlowCpu();
    await page.goto("/");
    const email = page.getByRole("textbox", { name: "Email" });
    await email.click();
    await email.pressSequentially("active@example.com");
    expect(await email.inputValue()).toBe("active@example.com");
    // focus and typing start nothing: the island is all this page has run
    expect(scripts).toEqual([ISLAND]);
    await page.getByRole("button", { name: "Continue with Email" }).click();
    await page.waitForURL((url) => url.pathname === "/email-login" && url.searchParams.get("email") === "active@example.com");
    await page.getByText("Login link sent").waitFor();
    await context.close();
  });
});

/** Holds the app's entry back until released: the page stays as the server made it, with its island. */
async function holdApp(context: BrowserContext) {
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined); // a request of a page left meanwhile
  });
  return release;
}

describe("the island stands down once the app has the page", () => {
  it("a chosen theme loads the app after the first paint: what was typed before is the app's search after", async () => {
    await sharePrograms();
    const { context, page } = await newPage(browser());
    await context.addInitScript(() => {
      localStorage.setItem("hub-color-mode", "light");
    });
    const release = await holdApp(context);
    await page.goto("/programs");
    const box = page.getByRole("searchbox", { name: "Search programs" });
    await box.fill("x");
    expect(await shownNames(page)).toEqual(["Amex Gold"]);

    const takenOver = await listenForTakeover(page);
    release();
    await takenOver();
    // React's own filter: the others are gone from the page, not hidden
    await expect.poll(() => page.locator("article").count()).toBe(1);
    expect(await shownNames(page)).toEqual(["Amex Gold"]);
    await box.pressSequentially("q");
    await page.getByText("No programs match your search.").waitFor();
    await box.fill("");
    await expect.poll(() => shownNames(page)).toEqual(["Amex Gold", "Chase Freedom", "zeta Bank"]);
    // the app's own toast, in the page, answers Copy now
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy rotation address of zeta Bank" }).click();
    await page.locator("#root").getByRole("status").filter({ hasText: "Rotation address copied to the clipboard" }).waitFor();
    await context.close();
  });

  it("a member gets the full app: their own page, the app's QR code dialog", async () => {
    await sharePrograms();
    const address = await rotationAddressOf("Amex Gold");
    const { context, page } = await newPage(browser());
    await signInAsMember(page, "active@example.com");
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/programs");
    await page.getByText("You have a link in 0 of 3 programs listed here.").waitFor();
    expect(scripts.filter((script) => script.startsWith("/assets/")).length).toBeGreaterThan(1);
    await page.getByRole("article", { name: "Amex Gold" }).getByRole("button", { name: "Show QR code of Amex Gold" }).click();
    const dialog = page.locator(".MuiDialog-root").getByRole("dialog", { name: "Amex Gold" });
    await dialog.getByRole("button", { name: "Download PNG" }).waitFor();
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el.closest(".MuiDialog-container") ?? el).opacity)).toBe("1");
    expect(await decodeQr(dialog.getByRole("img", { name: "QR code of the rotation address of Amex Gold" }))).toBe(address);
    await context.close();
  });
});
