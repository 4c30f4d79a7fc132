/**
 * What a visitor reaches for first on each page (issue 32): on /programs the search box (then types a
 * query), a card's Copy button and its QR code; on / the e-mail box (then types an address). Found by
 * role and accessible name, as a visitor's screen reader would, in any build of the pages.
 */
import type { Page } from "playwright-core";
import type { Control } from "./first-tap";
import { matchesOf, SEARCH_QUERY, type Seeded } from "./seed";

/** The card tapped: among the first six, so on the page at either size. */
const PROGRAM = "Chase Sapphire Preferred";
const EMAIL = "ann@example.com";

const searchBox = (page: Page) =>
  page.getByRole("searchbox", { name: "Search programs" }).or(page.getByRole("textbox", { name: "Search programs" }));

export function controlsFor(programs: Seeded): Control[] {
  return [
    {
      route: "/programs",
      name: "search box",
      typed: true,
      answer: { kind: "cards shown", count: matchesOf(programs, SEARCH_QUERY) },
      act: async ({ page, type }) => {
        await searchBox(page).tap();
        await type(SEARCH_QUERY);
      },
    },
    {
      route: "/programs",
      name: "Copy",
      typed: false,
      answer: { kind: "live region says", text: "Copied" },
      act: ({ page }) => page.getByRole("button", { name: `Copy rotation address of ${PROGRAM}`, exact: true }).tap(),
    },
    {
      route: "/programs",
      name: "QR code",
      typed: false,
      answer: { kind: "dialog open" },
      act: ({ page }) => page.getByRole("button", { name: `Show QR code of ${PROGRAM}`, exact: true }).tap(),
    },
    {
      route: "/",
      name: "e-mail box",
      typed: true,
      answer: { kind: "focused box holds", text: EMAIL },
      act: async ({ page, type }) => {
        await page.getByRole("textbox", { name: "Email", exact: true }).tap();
        await type(EMAIL);
      },
    },
  ];
}
