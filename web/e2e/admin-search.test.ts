import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";
import { signInMember } from "../../testing/members";
import { expectToast } from "../../testing/browser/toasts";

const browser = useBrowser();

let adminToken: string;
let tomAmex: string;

beforeEach(async () => {
  adminToken = await freshStoreWithAdmin();
  const [alice, tom] = await Promise.all([signInMember("active@example.com"), signInMember("trialing@example.com")]);
  await api("PATCH", `/api/users/${encodeURIComponent("trialing@example.com")}`, adminToken, { displayName: "Tomás Rivera" });
  const chase = await api("POST", "/api/programs", adminToken, { name: "Chase Sapphire", description: "Travel card" });
  const amex = await api("POST", "/api/programs", adminToken, { name: "Amex Gold", description: "Dining points" });
  // one program shared on the site, so the Programs tab shows that chip too (and axe checks its colours)
  await api("POST", `/api/programs/${amex.id}/toggle-shared`, adminToken, { isSharedOnSite: true });
  await api("POST", "/api/programs", adminToken, { name: "Discover It" });
  await api("POST", "/api/user/links", alice, {
    programId: chase.id,
    link: "https://refer.example.com/chase/alice",
    description: "60k points",
  });
  tomAmex = (
    await api<{ id: string }>("POST", "/api/user/links", tom, {
      programId: amex.id,
      link: "https://refer.example.com/amex/tom",
      description: "4x dining",
    })
  ).id;
  await api("POST", "/api/user/links", alice, {
    programId: amex.id,
    link: "https://refer.example.com/amex/alice",
    description: "Welcome bonus",
  });
});

const search = (page: Page, label: string) => page.getByRole("searchbox", { name: label });
const query = (page: Page) => new URL(page.url()).searchParams.get("q");

describe("admin search", () => {
  it("finds programs, links and users by their texts, kept with the filters in the address across a reload", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);

    // Programs: by name or description, any case (all three are approved: shown once that filter is off)
    await page
      .getByRole("switch", { name: "Hide Approved Programs" })
      .or(page.getByRole("checkbox", { name: "Hide Approved Programs" }))
      .click();
    await page.getByText("3 of 3 programs").waitFor();
    await search(page, "Search programs").fill("dining");
    await page.getByText("1 of 3 programs").waitFor();
    await page
      .getByRole("button", { name: /Amex Gold/ })
      .getByText("Shared on site")
      .waitFor();
    expect(query(page)).toBe("dining");
    await screenshot(page, "admin-54-search-programs");
    await search(page, "Search programs").fill("nothing like it");
    await page.getByText("No programs match your search and filters.").waitFor();
    await screenshot(page, "admin-52-search-programs-none");

    // Referral Links: by member e-mail and address words; the tab change starts a new search
    await page.getByRole("tab", { name: "Referral Links" }).click();
    expect(query(page)).toBeNull();
    // only Amex Gold is shared on the site: the other program's links show once that filter is off
    await page
      .getByRole("switch", { name: "Only links on site" })
      .or(page.getByRole("checkbox", { name: "Only links on site" }))
      .click();
    await page.getByText("3 of 3 links in 2 programs").waitFor();
    await search(page, "Search links").fill("amex alice");
    await page.getByText("1 of 3 links in 1 program").waitFor();
    await screenshot(page, "admin-50-search-links");
    expect(new URL(page.url()).searchParams.get("onlyOnSite")).toBe("0");
    await page.reload();
    // the search and the filters come back from the address
    await page.getByText("1 of 3 links in 1 program").waitFor();
    expect(
      await page
        .getByRole("switch", { name: "Only links on site" })
        .or(page.getByRole("checkbox", { name: "Only links on site" }))
        .isChecked(),
    ).toBe(false);
    expect(await search(page, "Search links").inputValue()).toBe("amex alice");
    await search(page, "Search links").fill("CHASE");
    await page.getByText("1 of 3 links in 1 program").waitFor();
    await search(page, "Search links").fill("");
    await page.getByText("3 of 3 links in 2 programs").waitFor();

    // Users: by name, with or without its accent, or by e-mail
    await page.getByRole("tab", { name: "Users" }).click();
    await page
      .getByRole("switch", { name: "Hide approved users" })
      .or(page.getByRole("checkbox", { name: "Hide approved users" }))
      .click();
    await search(page, "Search users").fill("tomas");
    await page.getByText(/^1 of \d+ users$/).waitFor();
    await page.getByText("trialing@example.com").waitFor();
    await search(page, "Search users").fill("active@");
    await page.getByText("active@example.com").waitFor();
    expect(await page.getByText("trialing@example.com").count()).toBe(0);
    await screenshot(page, "admin-53-search-users");
    await context.close();
  });

  it("a bulk action shows which links failed and why", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Referral Links" }).click();
    await page
      .getByRole("switch", { name: "Only links on site" })
      .or(page.getByRole("checkbox", { name: "Only links on site" }))
      .click();
    await page.getByRole("button", { name: "Expand All" }).click();
    await page.getByRole("checkbox", { name: "Select all links in Amex Gold" }).check();
    // another admin deletes one of the selected links meanwhile
    await api("DELETE", `/api/links/${tomAmex}`, adminToken);
    await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Bulk operation partly done", "1 link(s) updated successfully, 1 failed");
    const failures = page.getByRole("alert").filter({ hasText: "1 link failed:" });
    await failures.getByText("trialing@example.com in Amex Gold: Link not found").waitFor();
    await screenshot(page, "admin-51-bulk-failures");
    await context.close();
  });
});
