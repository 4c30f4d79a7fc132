import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * The analytics' 'Daily Clicks' chart says what it draws: its clicks from its first day to today (UTC
 * days, named as the page names them in the browser's locale), `days` days in all: the
 * specification's 7 for 7d, otherwise 30. `clicks` null: any number.
 */
export async function expectDailyClicks(page: Page, clicks: number | null, days = 30): Promise<void> {
  const [first, today] = await page.evaluate((days) => {
    const DAY = 86_400_000;
    const label = (time: number) => new Date(time).toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
    const start = Math.floor(Date.now() / DAY) * DAY;
    return [label(start - (days - 1) * DAY), label(start)];
  }, days);
  const described = () =>
    page
      .getByRole("region", { name: "Daily Clicks" })
      .getByText(/clicks from .+ \(UTC days\)/)
      .first()
      .textContent();
  const rest = ` clicks from ${first} to ${today} (UTC days).`;
  if (clicks === null) await expect.poll(described).toMatch(new RegExp(`^[\\d,]+${rest.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  else await expect.poll(described).toBe(`${String(clicks)}${rest}`);
}
