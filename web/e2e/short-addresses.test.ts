import jsQR from "jsqr";
import type { Locator, Page } from "playwright-core";
import { PNG } from "pngjs";
import { beforeEach, describe, expect, it } from "vitest";
import { SLUG_INVALID_MESSAGE, SLUG_RULE, SLUG_TAKEN_MESSAGE } from "@hub/contract/slugs";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { appUrl, newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectToast } from "../../testing/browser/toasts";
import { signInMember } from "../../testing/members";
import { forgetProgramSlug } from "../../testing/program-slugs";
import { FIXTURE_SITE } from "../../testing/suite-config";

const browser = useBrowser();
let admin: string;

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

// A visitor's ordinary browser: headless Chromium's own User-Agent is a bot's, whose visits are not counted.
const VISITOR_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
/** The fixture site's /offer page answers whatever the query, headed "Get 60,000 bonus points". */
const OFFER = `${FIXTURE_SITE}/offer?ref=owner1`;

interface StoredProgram {
  id: string;
  name: string;
  slug: string | null;
  redirectUrl: string;
}

/** `{origin}/r/{slug}`: the short address as the site shows, copies and encodes it. */
const shortAddress = (slug: string) => `${appUrl()}/r/${slug}`;

/** A program as an admin makes it (approved, so with a slug), shared on the site, with one member's approved link. */
async function program(name: string): Promise<StoredProgram> {
  const { id } = await api<{ id: string }>("POST", "/api/programs", admin, { name });
  await api("POST", `/api/programs/${id}/toggle-shared`, admin, { isSharedOnSite: true });
  const link = await api<{ id: string }>("POST", "/api/links", admin, {
    programId: id,
    name: "owner1",
    email: "owner1@example.com",
    link: OFFER,
    description: "Offer",
  });
  await api("POST", `/api/links/${link.id}/approve`, admin);
  return stored(id);
}

const stored = async (id: string) => (await api<StoredProgram[]>("GET", "/api/programs", admin)).find((p) => p.id === id)!;

const filterSwitch = (page: Page, name: string) => page.getByRole("switch", { name }).or(page.getByRole("checkbox", { name }));

/** The admin's Programs tab with approved programs shown. */
async function openProgramsTab(page: Page) {
  await signInAsAdmin(page);
  const hideApproved = filterSwitch(page, "Hide Approved Programs");
  if (await hideApproved.isChecked()) await hideApproved.click();
}

/** `name`'s card opened, its details region returned. */
async function openCard(page: Page, name: string): Promise<Locator> {
  await page.getByRole("button", { name: new RegExp(name) }).click();
  const details = page.getByRole("region", { name: new RegExp(name) });
  await details.getByRole("button", { name: "Edit" }).waitFor();
  return details;
}

/** Reads a QR code as a phone camera would: from the pixels on screen. */
async function decodeQr(code: Locator): Promise<string | null> {
  const png = PNG.sync.read(await code.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** A visitor follows an address in a fresh browser and lands on the program's member link. */
async function expectLeadsToOffer(address: string) {
  const { context, page } = await newPage(browser(), { userAgent: VISITOR_UA });
  await page.goto(address);
  await page.getByRole("heading", { name: "Get 60,000 bonus points" }).waitFor();
  expect(page.url()).toBe(OFFER);
  await context.close();
}

describe("short addresses in the admin's edit dialog", () => {
  it("shows the slug and its rule, flags a bad one, shows a taken one's refusal, and saves a good one", async () => {
    const chase = await program("Chase Gold");
    const amex = await program("Amex Gold");
    expect(chase.slug).toBe("chase-gold");
    expect(amex.slug).toBe("amex-gold");

    const { context, page } = await newPage(browser());
    await openProgramsTab(page);
    const details = await openCard(page, "Chase Gold");
    await details.getByText(shortAddress("chase-gold"), { exact: true }).waitFor();

    await details.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit program" });
    const field = dialog.getByRole("textbox", { name: "Short address" });
    expect(await field.inputValue()).toBe("chase-gold");
    await dialog.getByText(SLUG_RULE, { exact: true }).waitFor();
    await dialog.getByText(shortAddress("chase-gold"), { exact: true }).waitFor();
    await dialog.getByText(/Addresses already shared keep working/).waitFor();
    const save = dialog.getByRole("button", { name: "Save" });

    // flagged as it is typed, before any request, and it cannot be saved
    await field.fill("Chase Gold!");
    await dialog.getByText(SLUG_INVALID_MESSAGE, { exact: true }).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, "slugs-01-edit-invalid");

    // another program's: the server's 409 is shown on the field, and the dialog stays open
    await field.fill("amex-gold");
    await dialog.getByText(shortAddress("amex-gold"), { exact: true }).waitFor();
    await save.click();
    await dialog.getByText(SLUG_TAKEN_MESSAGE, { exact: true }).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect((await stored(chase.id)).slug).toBe("chase-gold");
    await screenshot(page, "slugs-02-edit-taken");

    // typing again is the fix the message asked for
    await field.fill("chase");
    await dialog.getByText(SLUG_TAKEN_MESSAGE).waitFor({ state: "detached" });
    await dialog.getByText(shortAddress("chase"), { exact: true }).waitFor();
    await dialog.getByText(`Addresses already shared keep working: ${shortAddress("chase-gold")} still leads here.`).waitFor();
    await screenshot(page, "slugs-03-edit-good");
    await save.click();
    await expectToast(page, "Program updated");
    await dialog.waitFor({ state: "hidden" });
    await details.getByText(shortAddress("chase"), { exact: true }).waitFor();
    expect(await stored(chase.id)).toMatchObject({ slug: "chase", redirectUrl: shortAddress("chase") });
    await screenshot(page, "slugs-04-card-new-address");
    await context.close();

    // the new address and the one already shared both lead to the program's link
    await expectLeadsToOffer(shortAddress("chase"));
    await expectLeadsToOffer(shortAddress("chase-gold"));
  });

  it("fits a phone, and a program waiting for approval has no short address to edit yet", async () => {
    await program("Chase Gold");
    // a member's new program waits for approval, and gets its slug then
    const member = await signInMember("active@example.com");
    await api("POST", "/api/programs", member, { name: "Pending Bank" });
    const { context, page } = await newPage(browser(), PHONE);
    await openProgramsTab(page);
    const pending = await openCard(page, "Pending Bank");
    await pending.getByRole("button", { name: "Edit" }).click();
    const pendingDialog = page.getByRole("dialog", { name: "Edit program" });
    await pendingDialog.getByText("Given when the program is approved").waitFor();
    expect(await pendingDialog.getByRole("textbox", { name: "Short address" }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "slugs-05-edit-pending-phone");
    await pendingDialog.getByRole("button", { name: "Cancel" }).click();
    await pendingDialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: /Pending Bank/ }).click();

    const details = await openCard(page, "Chase Gold");
    await details.getByText(shortAddress("chase-gold"), { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "slugs-06-card-phone");
    await details.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit program" });
    await dialog.getByRole("textbox", { name: "Short address" }).fill("chase-");
    await dialog.getByText(SLUG_INVALID_MESSAGE, { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "slugs-07-edit-phone");
    await context.close();
  });
});

describe("short addresses where visitors meet them", () => {
  it("the /programs card shows the short address, copies it and encodes it in its QR code", async () => {
    await program("Chase Gold");
    for (const [options, shot] of [
      [{}, "slugs-08-public-card"],
      [PHONE, "slugs-09-public-card-phone"],
    ] as const) {
      const { context, page } = await newPage(browser(), {
        ...options,
        permissions: ["clipboard-read", "clipboard-write"],
        userAgent: VISITOR_UA,
      });
      await page.goto("/programs");
      const card = page.getByRole("article", { name: "Chase Gold", exact: true });
      await card.getByText(shortAddress("chase-gold"), { exact: true }).waitFor();
      await card.scrollIntoViewIfNeeded();
      expect(await decodeQr(card.getByRole("button", { name: "Show QR code of Chase Gold" }))).toBe(shortAddress("chase-gold"));
      await card.getByRole("button", { name: /^Copy/ }).click();
      // how Copy says it is done may change on this page: only that it says "Copied"
      await page
        .getByText(/Copied/)
        .first()
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortAddress("chase-gold"));
      await expectNoSidewaysScroll(page);
      await screenshot(page, shot);
      await context.close();
    }
    // what was copied leads to the program's link, and so does the slug typed with capitals
    await expectLeadsToOffer(shortAddress("chase-gold"));
    await expectLeadsToOffer(shortAddress("Chase-Gold"));
  });
});

describe("giving old programs their short addresses", () => {
  it("the Programs tab offers the one-off job while an approved program has none, and the job gives it one", async () => {
    const chase = await program("Chase Gold");
    const amex = await program("Amex Gold");
    // a program approved before short addresses: no slug, the long address
    await forgetProgramSlug(amex.id);
    expect(await stored(amex.id)).toMatchObject({ slug: null, redirectUrl: expect.stringMatching(/\/api\/programs\/.+\/redirect$/) });

    for (const [options, shot] of [
      [PHONE, "slugs-10-job-notice-phone"],
      [{}, "slugs-11-job-notice"],
    ] as const) {
      const { context, page } = await newPage(browser(), options);
      await openProgramsTab(page);
      await page.getByText("1 approved program has no short address yet", { exact: false }).waitFor();
      await page.getByRole("button", { name: "Give Short Addresses" }).waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, shot);
      if (options !== PHONE) {
        await page.getByRole("button", { name: "Give Short Addresses" }).click();
        await expectToast(page, "Short addresses given", "1 program given a short address");
        await page.getByRole("status").filter({ hasText: "1 program given a short address" }).first().waitFor();
        // the list is refreshed: no program left without one, so the notice and its button go
        await page.getByRole("button", { name: "Give Short Addresses" }).waitFor({ state: "detached" });
        const details = await openCard(page, "Amex Gold");
        await details.getByText(shortAddress("amex-gold"), { exact: true }).waitFor();
        await screenshot(page, "slugs-12-job-done");
      }
      await context.close();
    }
    expect(await stored(amex.id)).toMatchObject({ slug: "amex-gold", redirectUrl: shortAddress("amex-gold") });
    expect((await stored(chase.id)).slug).toBe("chase-gold");
    await expectLeadsToOffer(shortAddress("amex-gold"));
  });
});
