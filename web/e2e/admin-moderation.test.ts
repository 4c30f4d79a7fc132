import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { expectToast } from "../../testing/browser/toasts";
import { clearInbox, latestMailTo } from "../../testing/inbox";
import { signInMember } from "../../testing/members";
import { db } from "../../testing/backend";
import { fixturePage, resetBankPages } from "../../testing/fixture-site";

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
  it("tells the truth: Active as the rotation sees it, what a bulk test found, and owners who were not e-mailed", async () => {
    await resetBankPages();
    await api("POST", `/api/programs/${ids.chase}/approve`, adminToken);
    for (const id of [ids.aliceChase, ids.tomAmex, ids.caseyAmex]) await api("POST", `/api/links/${id}/approve`, adminToken);
    // tom's subscription lapsed (as the last check found): his link is out of the rotation, untouched itself
    const tomDoc = (await db().collection("users").where("username", "==", "trialing@example.com").get()).docs[0]!;
    await tomDoc.ref.update({ subscriptionStatus: "canceled" });
    // an owner address the mail server refuses (an old record): no dead-link mail can reach it
    await db().doc(`referral_links/${ids.caseyAmex}`).update({ email: "not-an-address" });
    // the three links at a working page, a missing one (404) and one that refuses robots (403)
    const pages = { [ids.aliceChase]: "/offer", [ids.tomAmex]: "/expired", [ids.caseyAmex]: "/blocked" };
    for (const [id, path] of Object.entries(pages)) await api("PATCH", `/api/links/${id}`, adminToken, { link: fixturePage(path) });

    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Referral Links" }).click();
    for (const name of ["Only links on site", "Hide approved links"])
      await page.getByRole("switch", { name }).or(page.getByRole("checkbox", { name })).click();
    await page.getByRole("button", { name: "Expand All" }).click();
    const row = (owner: string, text: string) => page.locator(`[aria-label="Link by ${owner}"]`).filter({ hasText: text });
    const aliceRow = row("active", "/offer");
    const tomRow = row("trialing", "/expired");
    const unmailableRow = row("active", "/blocked");

    // one meaning of Active: the lapsed owner's link is not called active
    await aliceRow.getByText("Active", { exact: true }).waitFor();
    await tomRow.getByText("Owner blocked or lapsed", { exact: true }).waitFor();
    expect(await tomRow.getByText("Active", { exact: true }).count()).toBe(0);
    await screenshot(page, "admin-15-active-as-rotation");

    // a bulk test reports what it found, not "3 updated successfully"
    for (const r of [aliceRow, tomRow, unmailableRow]) await r.getByRole("checkbox").check();
    await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Test", exact: true }).click();
    await expectToast(page, "Bulk test done", "1 link passed, 1 failed, 1 could not be tested");
    await screenshot(page, "admin-16-bulk-test-outcomes");

    // marking dead a link whose owner cannot be e-mailed says so, and the row keeps saying so after a reload
    await unmailableRow.getByRole("button", { name: "Actions for link by active" }).click();
    await page.getByRole("menuitem", { name: "Mark Dead" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Mark Dead" }).click();
    await expectToast(page, "Link marked dead", "The e-mail to the owner could not be sent");
    await page.reload();
    await page.getByRole("tab", { name: "Referral Links" }).click();
    // the filters stay in the address; dead links are hidden by default
    const hideDead = page.getByRole("switch", { name: "Hide dead links" }).or(page.getByRole("checkbox", { name: "Hide dead links" }));
    await hideDead.click();
    await page.getByRole("button", { name: "Expand All" }).click();
    await unmailableRow.getByText("Owner not e-mailed").waitFor();
    await screenshot(page, "admin-17-owner-not-emailed");

    // in bulk too: alice is told, the unreachable owner is not, and the toast says how many were not
    for (const r of [aliceRow, unmailableRow]) await r.getByRole("checkbox").check();
    await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Mark Dead" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Mark Dead" }).click();
    await expectToast(page, "Links marked dead, some owners not e-mailed", "the e-mail to 1 owner(s) could not be sent");
    await aliceRow.getByText("Dead", { exact: true }).waitFor();
    expect(await aliceRow.getByText("Owner not e-mailed").count()).toBe(0);
    await unmailableRow.getByText("Owner not e-mailed").waitFor();
    await context.close();
  }, 120_000);

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
