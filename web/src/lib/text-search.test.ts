import { describe, expect, it } from "vitest";
import { searchable, searchItems, searchTerms } from "./text-search";

describe("admin search", () => {
  const items = [
    { name: "AmEx Gold Card", email: "jose@example.com", who: "José" },
    { name: "Chase Sapphire", email: "ann@example.com", who: "Ann" },
  ];
  const text = (item: (typeof items)[number]) => searchable(item.name, item.email, item.who);

  it("every word must appear somewhere, in any case, accents or not", () => {
    expect(searchItems(items, text, "amex gold").map((i) => i.name)).toEqual(["AmEx Gold Card"]);
    expect(searchItems(items, text, "JOSE")).toHaveLength(1);
    expect(searchItems(items, text, "josé card")).toHaveLength(1);
    expect(searchItems(items, text, "gold ann")).toHaveLength(0);
    expect(searchItems(items, text, "@example.com")).toHaveLength(2);
  });

  it("a blank query matches everything, in order", () => {
    expect(searchTerms("   ")).toEqual([]);
    expect(searchItems(items, text, " ").map((i) => i.name)).toEqual(["AmEx Gold Card", "Chase Sapphire"]);
  });
});
