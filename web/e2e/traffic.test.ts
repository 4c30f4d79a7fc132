import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { addTrafficTallies, newClickId, recordVisit } from "../../testing/backend";
import { freshStoreWithAdmin, signInAsAdmin } from "../../testing/browser/admin";
import { api } from "../../testing/browser/api";
import { accessibilityViolations } from "../../testing/browser/axe";
import { newPage, screenshot, useBrowser } from "../../testing/browser/browser";

const browser = useBrowser();
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const THREE_DAYS_AGO = new Date(Date.now() - 3 * 86_400_000);

let admin: string;
beforeEach(async () => {
  admin = await freshStoreWithAdmin();
});

/** A program as an admin sets it up, with one approved link; returns both ids. */
async function programWithLink(name: string): Promise<{ programId: string; linkId: string }> {
  const program = await api<{ id: string }>("POST", "/api/programs", admin, { name });
  const link = await api<{ id: string }>("POST", "/api/links", admin, {
    programId: program.id,
    name: "alice",
    email: "alice@example.com",
    link: `https://refer.example.com/${program.id}/alice`,
    description: "Offer",
  });
  await api("POST", `/api/links/${link.id}/approve`, admin);
  return { programId: program.id, linkId: link.id };
}

/** Three days ago: counted visits written as the rotation writes them, and the requests it did not count, as its instances tally them. */
async function seedTraffic(
  { programId, linkId }: { programId: string; linkId: string },
  counted: number,
  notCounted: { bot: number; repeatVisitor: number; repeatAddress: number; unavailable: number },
) {
  for (let i = 0; i < counted; i++)
    await recordVisit({
      clickId: newClickId(),
      linkId,
      programId,
      clickedAt: new Date(THREE_DAYS_AGO.getTime() + i * 1000),
      ipAddress: "203.0.113.4",
      userAgent: BROWSER_UA,
      shard: i % 4,
      activeLinkIds: [linkId],
    });
  const hour = THREE_DAYS_AGO.toISOString().slice(11, 13);
  await addTrafficTallies(2, [
    { programId, day: THREE_DAYS_AGO.toISOString().slice(0, 10), counts: notCounted, hours: new Map([[hour, notCounted]]) },
  ]);
}

const rows = (page: Page) => page.getByRole("table", { name: "Traffic by Program" }).locator("tbody > tr[data-program]");

async function chooseRange(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Time Range" }).click();
  await page.getByRole("option", { name: label }).click();
}

describe("the admin's traffic report", () => {
  beforeEach(async () => {
    // Pumped Bank: 30 counted visits, and 45 repeats of 80 requests (56.3%): flagged
    await seedTraffic(await programWithLink("Pumped Bank"), 30, { bot: 5, repeatVisitor: 25, repeatAddress: 20, unavailable: 0 });
    // Calm Card: a few bots, one request while it had no link: not flagged
    await seedTraffic(await programWithLink("Calm Card"), 12, { bot: 3, repeatVisitor: 0, repeatAddress: 1, unavailable: 1 });
  });

  it("flags a pumped program and says why, shows every reason, is empty for a range without requests, and survives a reload", async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.goto("/analytics");
    await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
    await page.getByRole("tab", { name: "Traffic" }).click();

    await expect
      .poll(() => rows(page).allInnerTexts())
      .toEqual([
        expect.stringMatching(
          /^Pumped Bank\s+Stands out\s+56\.3% of 80 requests were repeats from the same visitor or address: someone may be pumping this program\.\s+80\s+30\s+5\s+25\s+20\s+0\s+56\.3%$/,
        ),
        expect.stringMatching(/^Calm Card\s+17\s+12\s+3\s+0\s+1\s+1\s+5.9%$/),
      ]);
    await page.getByText("someone may be pumping it.").waitFor();
    expect(await accessibilityViolations(page, page.getByRole("tabpanel"))).toEqual([]);
    await screenshot(page, "traffic-01-flagged");

    // the last 24 hours had no request
    await chooseRange(page, "Last 24 hours");
    await page.getByText("No requests to any program's rotation address in this range.").waitFor();
    expect(await accessibilityViolations(page, page.getByRole("tabpanel"))).toEqual([]);
    await screenshot(page, "traffic-02-empty");

    // the tab and the range are kept in the address
    await chooseRange(page, "Last 7 days");
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.reload();
    await expect.poll(() => page.getByRole("tab", { name: "Traffic" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => rows(page).first().innerText()).toMatch(/^Pumped Bank\s+Stands out/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ tab: "traffic", range: "7d" });
    await context.close();
  });
});
