import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectToast } from "../../testing/browser/toasts";
import { clearInbox, latestMailTo } from "../../testing/inbox";
import { signInMember } from "../../testing/members";

const browser = useBrowser();

interface Link {
  id: string;
  programId: string;
  programName: string;
  approved: boolean;
  paused: boolean;
  isDead: boolean;
  deadNote: string | null;
  email: string;
}

let adminToken: string;
let ids: { chase: string; amex: string; discover: string; aliceChase: string; tomAmex: string; caseyAmex: string };

beforeEach(async () => {
  adminToken = await freshStoreWithAdmin();
  await clearInbox();
  const [alice, tom] = await Promise.all([signInMember("active@example.com"), signInMember("trialing@example.com")]);
  // a member proposes a program with a link; others submit to approved programs
  const chase = await api("POST", "/api/programs", alice, { name: "Chase Sapphire" });
  const amex = await api("POST", "/api/programs", adminToken, { name: "Amex Gold" });
  const discover = await api("POST", "/api/programs", adminToken, { name: "Discover It" });
  const aliceChase = await api("POST", "/api/user/links", alice, {
    programId: chase.id,
    link: "https://refer.example.com/chase/alice",
    description: "60k points",
  });
  const tomAmex = await api("POST", "/api/user/links", tom, {
    programId: amex.id,
    link: "https://refer.example.com/amex/tom",
    description: "4x dining",
  });
  const aliceAmex = await api("POST", "/api/user/links", alice, {
    programId: amex.id,
    link: "https://refer.example.com/amex/alice",
    description: "=cmd|' /C calc'!A0",
  });
  ids = { chase: chase.id, amex: amex.id, discover: discover.id, aliceChase: aliceChase.id, tomAmex: tomAmex.id, caseyAmex: aliceAmex.id };
});

const linksNow = () => api<Link[]>("GET", "/api/links", adminToken);
const linkNow = async (id: string) => (await linksNow()).find((l) => l.id === id)!;

async function linkAction(page: Page, owner: string, action: string) {
  await page
    .getByRole("button", { name: `Actions for link by ${owner}` })
    .first()
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

describe("admin moderation", () => {
  it("approves a program and a link, pauses, marks dead with a note, moves, bulk-approves and exports", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);

    // Programs tab (default): the member's proposal waits for approval
    await page.getByRole("button", { name: /Chase Sapphire/ }).click();
    await screenshot(page, "admin-10-programs-tab");
    await page.getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Program approved");
    expect((await api("GET", "/api/programs", adminToken)).find((p: { id: string }) => p.id === ids.chase).approved).toBe(true);

    // Referral Links tab: show every program's links, not only those shared on site
    await page.getByRole("tab", { name: "Referral Links" }).click();
    await page
      .getByRole("switch", { name: "Only links on site" })
      .or(page.getByRole("checkbox", { name: "Only links on site" }))
      .click();
    await page.getByRole("button", { name: "Expand All" }).click();
    await screenshot(page, "admin-11-links-tab");

    await page
      .getByRole("listitem", { name: "Link by active" })
      .or(page.locator(`[aria-label="Link by active"]`))
      .filter({ hasText: "chase/alice" })
      .getByRole("button", { name: "Approve" })
      .click();
    await expectToast(page, "Link approved");
    expect((await linkNow(ids.aliceChase)).approved).toBe(true);

    // approved links are hidden by default: show them to act on them
    await page
      .getByRole("switch", { name: "Hide approved links" })
      .or(page.getByRole("checkbox", { name: "Hide approved links" }))
      .click();
    await page.getByRole("button", { name: "Expand All" }).click();
    const aliceChaseRow = page.locator(`[aria-label="Link by active"]`).filter({ hasText: "chase/alice" });
    await aliceChaseRow.getByRole("button", { name: "Actions for link by active" }).click();
    await page.getByRole("menuitem", { name: "Pause" }).click();
    await expectToast(page, "Link paused");
    expect((await linkNow(ids.aliceChase)).paused).toBe(true);

    await aliceChaseRow.getByRole("button", { name: "Actions for link by active" }).click();
    await page.getByRole("menuitem", { name: "Mark Dead" }).click();
    await page.getByRole("dialog").getByRole("textbox", { name: "Note (optional)" }).fill("The offer page says this code expired.");
    await screenshot(page, "admin-12-mark-dead");
    await page.getByRole("dialog").getByRole("button", { name: "Mark Dead" }).click();
    await expectToast(page, "Link marked dead");
    const mail = await latestMailTo("active@example.com", /marked dead/);
    expect(mail.text).toContain("The offer page says this code expired.");
    expect(await linkNow(ids.aliceChase)).toMatchObject({ isDead: true, deadNote: "The offer page says this code expired." });

    // move Tom's Amex link to Discover: the dialog offers every program but the current one
    await linkAction(page, "trialing", "Move");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Move" }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole("combobox").click();
    const choices = await page.getByRole("option").allTextContents();
    expect(choices).not.toContain("Amex Gold");
    await page.getByRole("option", { name: "Discover It" }).click();
    await screenshot(page, "admin-14-move-dialog");
    await dialog.getByRole("button", { name: "Move" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect((await linkNow(ids.tomAmex)).programId).toBe(ids.discover);

    // bulk approve everything still pending
    await page.getByRole("button", { name: "Expand All" }).click();
    await page.getByRole("checkbox", { name: "Select all links in Amex Gold" }).check();
    await page.getByRole("checkbox", { name: "Select all links in Discover It" }).check();
    await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Approve" }).click();
    await page
      .getByText(/link\(s\) updated successfully/)
      .first()
      .waitFor();
    expect((await linkNow(ids.tomAmex)).approved).toBe(true);
    expect((await linkNow(ids.caseyAmex)).approved).toBe(true);
    await screenshot(page, "admin-13-after-bulk");

    // export: the file arrives and says what the list says, formulas defused
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^referral-links-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      "Program,Owner Name,Owner Email,Link,Offer Details,Approved,Paused,Dead,Dead Note,Clicks,Tested Offer,Created,Updated",
    );
    expect(lines).toHaveLength(4);
    expect(csv).toContain("The offer page says this code expired.");
    expect(csv).toContain("'=cmd|");
    expect(csv).not.toMatch(/,=cmd/);
    await context.close();
  });

  it("a merge refused for a member with a link in both programs names the programs and the member, not ids", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    // Chase Sapphire (alice's proposal, with her link) into Amex Gold, where alice has a link too
    await page.getByRole("button", { name: /Chase Sapphire/ }).click();
    await page.getByRole("button", { name: "Merge into…" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox").click();
    await page.getByRole("option", { name: "Amex Gold" }).click();
    await dialog.getByRole("button", { name: "Merge" }).click();
    await expectToast(page, "Merge failed", "These members have a link in both Chase Sapphire and Amex Gold: active@example.com");
    await screenshot(page, "admin-14-merge-conflict");
    const shown = (
      await page
        .getByRole("alert", { includeHidden: true })
        .or(page.getByRole("status", { includeHidden: true }))
        .allTextContents()
    ).join(" ");
    expect(shown).not.toContain(ids.chase);
    expect(shown).not.toContain(ids.amex);
    // nothing changed
    expect((await linkNow(ids.aliceChase)).programId).toBe(ids.chase);
    await context.close();
  });
});
