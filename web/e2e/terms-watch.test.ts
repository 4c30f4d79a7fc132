import type { Page } from "playwright-core";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectToast } from "../../testing/browser/toasts";
import {
  receivedWebhooks,
  resetTermsPages,
  resetWebhooks,
  setTermsPage,
  termsHtml,
  termsPageUrl,
  webhookUrl,
} from "../../testing/fixture-site";
import { runJob } from "../../testing/jobs";
import { PORTS } from "../../testing/suite-config";

/**
 * The terms watch on the admin's Programs tab (the contract's *Terms watch and alerts*): a program
 * whose bank cut its bonus is marked; its Terms dialog shows the figures' line and the words that
 * changed; Mark Reviewed clears the mark. At a desk and on a phone, where the dialog fills the screen.
 */

const browser = useBrowser();
let admin: string;

beforeEach(async () => {
  admin = await freshStoreWithAdmin();
  await Promise.all([resetTermsPages(), resetWebhooks()]);
});
afterAll(() => Promise.all([resetTermsPages(), resetWebhooks()]));

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

/** A program whose terms page was read at 60,000 points, then again after the bank cut it to 40,000. */
async function programWithCutBonus(name: string, page: string): Promise<string> {
  await setTermsPage(page, termsHtml("60,000"));
  const { id } = await api<{ id: string }>("POST", "/api/programs", admin, { name, termsUrl: termsPageUrl(page, 1) });
  expect((await runJob(admin, "runTermsWatch")).state).toBe("done");
  await setTermsPage(page, termsHtml("40,000"));
  expect((await runJob(admin, "runTermsWatch")).state).toBe("done");
  return id;
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe("the terms watch on the Programs tab", () => {
  it("an admin sees the changed program, opens its terms, reads the figures' line and the diff, and marks it reviewed", async () => {
    await programWithCutBonus("Sapphire Reserve", "sapphire");
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    const hideApproved = page
      .getByRole("switch", { name: "Hide Approved Programs" })
      .or(page.getByRole("checkbox", { name: "Hide Approved Programs" }));
    if (await hideApproved.isChecked()) await hideApproved.click();

    // named above the list too, whatever the filters hide
    await page.getByRole("region", { name: "Terms to review" }).getByRole("button", { name: "Open Terms of Sapphire Reserve" }).waitFor();
    const card = page.getByRole("button", { name: /^Sapphire Reserve/ });
    await card.getByText("Terms changed").waitFor();
    await card.click();
    await page.getByText(/Changed on .*: waiting for review\./).waitFor();
    await page.getByRole("button", { name: "Terms", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: "Sapphire Reserve: terms" });
    await dialog.getByText("60,000 → 40,000 points").waitFor();
    const diff = dialog.getByLabel("Changes to the terms");
    expect(await diff.locator("del").allTextContents()).toContain("60,000");
    expect(await diff.locator("ins").allTextContents()).toContain("40,000");
    expect(await dialog.getByRole("link", { name: termsPageUrl("sapphire", 1) }).getAttribute("target")).toBe("_blank");
    await screenshot(page, "terms-dialog-desktop");

    await dialog.getByRole("button", { name: "Mark Reviewed" }).click();
    await expectToast(page, "Terms reviewed");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => card.getByText("Terms changed").count()).toBe(0);
    await page.getByText(/No change since it was reviewed\./).waitFor();
    await context.close();
  });

  it("on a phone, the address an e-mail links to opens the Terms dialog full screen, nothing sideways", async () => {
    const id = await programWithCutBonus("Venture X", "venture");
    const { context, page } = await newPage(browser(), PHONE);
    await signInAsAdmin(page);
    await page.goto(`/admin?tab=programs&terms=${id}`);
    const dialog = page.getByRole("dialog", { name: "Venture X: terms" });
    await dialog.getByText("60,000 → 40,000 points").waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(375);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "terms-dialog-phone");

    // Edit Rules is the program's own dialog; nothing was changed by the watch
    await dialog.getByRole("button", { name: "Edit Rules" }).click();
    const edit = page.getByRole("dialog", { name: "Edit program" });
    expect(await edit.getByRole("textbox", { name: "Terms link" }).inputValue()).toBe(termsPageUrl("venture", 1));
    await edit.getByRole("button", { name: "Cancel" }).click();
    expect(new URL(page.url()).searchParams.get("terms")).toBeNull();
    await context.close();
  });

  for (const [size, options] of [
    ["desktop", {}],
    ["phone", PHONE],
  ] as const) {
    it(`an admin sets up the alerts channel and sends a test alert (${size})`, async () => {
      const { context, page } = await newPage(browser(), options);
      await signInAsAdmin(page);
      await page.goto("/admin?tab=alerts");
      // the Alerts tab moved to Hub Settings: its old address opens it there
      await page.waitForURL((url) => url.pathname === "/admin/settings" && url.searchParams.get("section") === "alerts");
      await page.getByText("Off: no webhook is set.").waitFor();
      await page.getByRole("textbox", { name: "Webhook URL" }).fill("http://127.0.0.1/hook");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("The webhook address must be https:// on a public host").waitFor();

      await page.getByRole("textbox", { name: "Webhook URL" }).fill(webhookUrl("discord.com", `e2e-${size}`));
      await page.getByRole("checkbox", { name: "A program is newly shared on the open page" }).uncheck();
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Alerts channel saved");
      await page.getByText(`Alerts go to http://discord.com:${String(PORTS.webFixture)}/••••`).waitFor();
      await page.getByText(/Signing secret \(shown only now/).waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `alerts-channel-${size}`);

      await page.getByRole("button", { name: "Send Test Alert" }).click();
      await expectToast(page, "Test alert sent");
      await page.getByText(/The test alert on .*: delivered \(HTTP 204\)\./).waitFor();
      const [received] = await receivedWebhooks(`e2e-${size}`);
      expect(JSON.parse(received!.body)).toMatchObject({ allowed_mentions: { parse: [] } });

      // what was saved is what the panel shows after a reload; the secret is not shown again
      await page.reload();
      await page.getByText(`Alerts go to http://discord.com:${String(PORTS.webFixture)}/••••`).waitFor();
      expect(await page.getByRole("checkbox", { name: "A program is newly shared on the open page" }).isChecked()).toBe(false);
      expect(await page.getByText(/Signing secret/).count()).toBe(0);
      await context.close();
    });
  }
});
