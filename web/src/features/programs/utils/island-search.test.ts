// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { PublicProgram } from "@hub/contract/programs";
import { filterPublicPrograms } from "./public-program-list";

/*
 * The server-rendered /programs page is searched by the visitor's island (public/visitor-island.js)
 * until the app takes it over, then by filterPublicPrograms: the two must show the same cards for
 * the same text, or a visitor's list changes under them when the app arrives. The island runs here on
 * the cards' markup (the data-* the card renders, public-program-card.tsx), on shared cases.
 */

// a path, not a URL object: jsdom replaces the URL class this file would build one with
const ISLAND = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../../../public/visitor-island.js"), "utf8");

const program = (id: string, name: string, description: string | null): PublicProgram => ({
  id,
  name,
  description,
  activeLinkCount: 1,
  redirectUrl: `https://hub.example/r/${id}`,
  offerEndsOn: null,
  termsUrl: null,
  paidReferralsThisYear: 0,
});

const PROGRAMS = [
  program("gold", "Gold Rewards Card", "60,000 points after $4,000 spend"),
  program("sapphire", "Sapphire Preferred", "Travel card with a sign-up BONUS"),
  program("checking", "Everyday Checking", null),
  program("uber", "ÜBER Konto", "Straße-Bonus für neue Kunden"),
  program("spaces", "Bank  of   Spaces", "two  spaces\nand a line"),
];

const QUERIES = [
  "",
  "   ",
  "gold",
  "  GOLD  ",
  "card",
  "bonus",
  "Bonus",
  "über",
  "STRASSE",
  "straße",
  "checking",
  "zzz",
  "  of   s",
  "$4,000",
  "e",
];

/** The server's page as the island finds it: the cards in the root, the search box, the grid, the empty state. */
function renderPage(programs: readonly PublicProgram[]) {
  document.body.innerHTML = "";
  const entry = Object.assign(document.createElement("script"), { type: "module" });
  entry.dataset.appEntry = "/assets/index.js";
  const root = Object.assign(document.createElement("div"), { id: "root" });
  const search = document.createElement("input");
  search.setAttribute("data-search", "");
  const grid = document.createElement("div");
  grid.setAttribute("data-program-grid", "");
  for (const p of programs) {
    const card = document.createElement("article");
    card.setAttribute("data-program", "");
    card.dataset.id = p.id;
    const name = Object.assign(document.createElement("h2"), { textContent: p.name });
    name.setAttribute("data-name", "");
    card.append(name);
    if (p.description) {
      const description = Object.assign(document.createElement("p"), { textContent: p.description });
      description.setAttribute("data-description", "");
      card.append(description);
    }
    grid.append(card);
  }
  const noMatch = Object.assign(document.createElement("p"), { hidden: true, textContent: "No programs match your search." });
  noMatch.setAttribute("data-no-match", "");
  root.append(search, grid, noMatch);
  document.body.append(entry, root);
  return { search, noMatch };
}

/** What the island shows for `text` typed into the box: the ids of the cards left visible, and whether it says none match. */
function islandShows(search: HTMLInputElement, noMatch: HTMLElement, text: string) {
  search.value = text;
  search.dispatchEvent(new Event("input", { bubbles: true }));
  const shown = [...document.querySelectorAll<HTMLElement>("[data-program]")].filter((card) => !card.hidden).map((card) => card.dataset.id);
  return { shown, saysNoneMatch: noMatch.hasAttribute("data-shown") };
}

describe("the island's search and the app's", () => {
  let page: ReturnType<typeof renderPage>;
  beforeAll(() => {
    page = renderPage(PROGRAMS);
    // the island as the page loads it: a classic script over the server's HTML
    new Function(ISLAND)();
  });

  it.each(QUERIES)("show the same programs for %j", (text) => {
    const app = filterPublicPrograms(PROGRAMS, { search: text, onlyMissing: false }, undefined).map((p) => p.id);
    const island = islandShows(page.search, page.noMatch, text);
    expect(island.shown).toEqual(app);
    expect(island.saysNoneMatch).toBe(app.length === 0);
  });

  it("cover matches, misses and case: the cases are not all alike", () => {
    const counts = QUERIES.map((text) => filterPublicPrograms(PROGRAMS, { search: text, onlyMissing: false }, undefined).length);
    expect(counts).toContain(0);
    expect(counts).toContain(1);
    expect(counts).toContain(PROGRAMS.length);
  });
});
