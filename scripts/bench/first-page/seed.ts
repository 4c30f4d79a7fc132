/**
 * The programs the first-page bench shows: shared on the site, described, with a few active links
 * each. Six, as a young community has, or 200, a real community's size (issue 32): the six and 194
 * more with varied, realistic names and descriptions, so that the cards differ as they do in use
 * (lengths, counts) and a search narrows the list as it would.
 */
import { COLLECTIONS, createLink, createProgram, db, updateProgram } from "../../../functions/src/toolkit";
import { resetEmulators } from "../../../testing/emulators";

export type Seeded = readonly (readonly [name: string, description: string])[];

const FIRST_SIX: Seeded = [
  ["Chase Sapphire Preferred", "Travel rewards credit card: 60,000 bonus points after the minimum spend."],
  ["Amex Gold", "Dining and grocery rewards card."],
  ["Capital One 360 Checking", "Bank account bonus after two direct deposits."],
  ["Discover it Cash Back", "Rotating 5% categories, cash back matched the first year."],
  ["Citi Premier", "Points on travel, gas, dining and groceries."],
  ["SoFi Checking and Savings", "Up to $300 with direct deposit."],
];

/** What the search box is given: one program's name, found in no other name or description. */
export const SEARCH_QUERY = "sofi";

const BRANDS = [
  "Ally",
  "Axos",
  "Barclays",
  "Bask",
  "Bilt",
  "BMO",
  "Bread",
  "Chime",
  "Citizens",
  "CIT",
  "Current",
  "Fidelity",
  "Fifth Third",
  "Huntington",
  "KeyBank",
  "Laurel Road",
  "Marcus",
  "Mercury",
  "Navy Federal",
  "Novo",
  "PNC",
  "Quontic",
  "Regions",
  "Robinhood",
  "Synchrony",
  "TD",
  "Truist",
  "U.S. Bank",
  "Upgrade",
  "USAA",
  "Varo",
  "Wells Fargo",
  "Wise",
  "Revolut",
  "Webull",
  "Public",
  "Acorns",
  "Stash",
  "Betterment",
  "Wealthfront",
];
const PRODUCTS = [
  ["Checking", (n: number) => `$${String(100 + (n % 5) * 50)} after ${String(1 + (n % 3))} direct deposits within 90 days.`],
  [
    "High-Yield Savings",
    (n: number) => `Bonus of ${String(1 + (n % 4))}% on new deposits over $${String(5 + (n % 6) * 5)},000, kept 60 days.`,
  ],
  [
    "Cash Rewards Card",
    (n: number) => `${String(2 + (n % 3))}% back on groceries and gas; $${String(150 + (n % 4) * 50)} after $500 spent in 3 months.`,
  ],
  ["Travel Card", (n: number) => `${String(40 + (n % 5) * 10)},000 miles after the minimum spend; no foreign transaction fees.`],
  ["Brokerage", (n: number) => `Free stock worth up to $${String(50 + (n % 4) * 25)} when you fund a new account.`],
] as const;

/** 194 programs beyond the first six: every brand with each product, in a fixed order, each name unique. */
function moreNames(count: number): Seeded {
  const names: [string, string][] = [];
  for (let n = 0; names.length < count; n++) {
    const brand = BRANDS[n % BRANDS.length]!;
    const [product, describe] = PRODUCTS[Math.floor(n / BRANDS.length) % PRODUCTS.length]!;
    names.push([`${brand} ${product}`, describe(n)]);
  }
  return names;
}

export function programsToSeed(count: number): Seeded {
  return count <= FIRST_SIX.length ? FIRST_SIX.slice(0, count) : [...FIRST_SIX, ...moreNames(count - FIRST_SIX.length)];
}

/** How many of these programs the search box should leave (its rule: name or description, any case). */
export function matchesOf(programs: Seeded, query: string): number {
  const q = query.toLocaleLowerCase();
  return programs.filter(([name, description]) => `${name}\n${description}`.toLocaleLowerCase().includes(q)).length;
}

/** Empties the suite and shares `count` programs on the site, with 1 to 3 approved links each. */
export async function seedPrograms(count: number): Promise<Seeded> {
  await resetEmulators();
  const programs = programsToSeed(count);
  for (const [p, [name, description]] of programs.entries()) {
    const program = await createProgram({ name, description, fallbackUrl: null, approved: true, proposedBy: null });
    await updateProgram(program.id, { isSharedOnSite: true });
    for (let o = 0; o < (p % 3) + 1; o++) {
      const link = await createLink(
        {
          programId: program.id,
          name: `Member ${String(o)}`,
          email: `member${String(o)}@example.com`,
          link: `https://refer.example.com/${program.id}/${String(o)}`,
          description: "Offer",
        },
        async () => undefined,
      );
      await db().collection(COLLECTIONS.links).doc(link.id).update({ approved: true });
    }
  }
  return programs;
}
