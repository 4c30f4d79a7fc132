import { describe, expect, it } from "vitest";
import { DEFAULT_TIER_SETTINGS, TIER_MESSAGES, type TierSettings } from "@hub/contract/tiers";
import {
  canAddTier,
  idFromName,
  isDirty,
  newTierRow,
  parseTiersForm,
  priceIdsFrom,
  removalBlock,
  saveRefusal,
  settingsInput,
  tierErrorsFrom,
  tierHeading,
  tiersFormFrom,
  withField,
  type TiersForm,
} from "./tier-form";

const STORED: TierSettings = {
  tiers: [
    { id: "standard", name: "Standard", weight: 1, stripePriceIds: ["price_member"] },
    { id: "gold", name: "Gold", weight: 2, stripePriceIds: ["price_gold", "price_gold_yearly"] },
  ],
  defaultTierId: "standard",
};

/** The stored tiers with a new tier typed in. */
function withNewTier(fields: { name?: string; id?: string; weight?: string; prices?: string }): TiersForm {
  const form = tiersFormFrom(STORED);
  let row = newTierRow(1);
  if (fields.name !== undefined) row = withField(row, "name", fields.name);
  if (fields.id !== undefined) row = withField(row, "id", fields.id);
  if (fields.weight !== undefined) row = withField(row, "weight", fields.weight);
  if (fields.prices !== undefined) row = withField(row, "prices", fields.prices);
  return { ...form, rows: [...form.rows, row] };
}

describe("the Tiers panel's form", () => {
  it("shows the stored tiers as text, and sends back what it shows", () => {
    const form = tiersFormFrom(STORED);
    expect(form.rows.map((row) => [row.id, row.name, row.weight, row.prices, row.saved])).toEqual([
      ["standard", "Standard", "1", "price_member", true],
      ["gold", "Gold", "2", "price_gold, price_gold_yearly", true],
    ]);
    expect(form.rows.find((row) => row.key === form.defaultKey)?.id).toBe("standard");
    expect(parseTiersForm(form)).toEqual({ ok: true, value: STORED });
    expect(isDirty(form, STORED)).toBe(false);
  });

  it("reads price ids separated by commas, spaces or new lines, each once", () => {
    expect(priceIdsFrom(" price_a, price_b\nprice_c,,price_a ")).toEqual(["price_a", "price_b", "price_c"]);
    expect(priceIdsFrom("  ")).toEqual([]);
  });

  it("suggests a new tier's id from its name until the id is typed; a stored tier keeps its id", () => {
    expect(idFromName("Gold Plus!")).toBe("gold-plus");
    expect(idFromName("  Élite  ")).toBe("elite");
    expect(idFromName("x".repeat(50))).toHaveLength(40);
    expect(withNewTier({ name: "Platinum" }).rows[2]!.id).toBe("platinum");
    expect(withNewTier({ id: "plat", name: "Platinum" }).rows[2]!.id).toBe("plat");
    const stored = tiersFormFrom(STORED).rows[1]!;
    expect(withField(stored, "name", "Golden").id).toBe("gold");
  });

  it("sends a new tier with its weight as a number, its name trimmed and its prices split", () => {
    const parsed = parseTiersForm(withNewTier({ name: " Platinum ", weight: "3", prices: "price_p1 price_p2" }));
    expect(parsed.ok && parsed.value.tiers[2]).toEqual({
      id: "platinum",
      name: "Platinum",
      weight: 3,
      stripePriceIds: ["price_p1", "price_p2"],
    });
  });

  it("says under each field what the contract's schema refuses", () => {
    const form = withNewTier({ name: "", id: "Bad Id", weight: "11" });
    const parsed = parseTiersForm(form);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.rows["new-1"]).toEqual({ id: TIER_MESSAGES.id, name: TIER_MESSAGES.name, weight: TIER_MESSAGES.weight });
    expect(parsed.errors.form).toEqual([]);
    // an empty or fractional weight is refused too, not sent as 0 or rounded
    const empty = parseTiersForm(withNewTier({ name: "Platinum", weight: " " }));
    expect(!empty.ok && empty.errors.rows["new-1"]?.weight).toBe(TIER_MESSAGES.weight);
    const half = parseTiersForm(withNewTier({ name: "Platinum", weight: "1.5" }));
    expect(!half.ok && half.errors.rows["new-1"]?.weight).toBe(TIER_MESSAGES.weight);
  });

  it("marks both tiers that share an id", () => {
    const parsed = parseTiersForm(withNewTier({ name: "Gold again", id: "gold" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.form).toEqual([TIER_MESSAGES.duplicateId]);
    expect(parsed.errors.rows["saved-gold"]?.id).toBe(TIER_MESSAGES.duplicateId);
    expect(parsed.errors.rows["new-1"]?.id).toBe(TIER_MESSAGES.duplicateId);
  });

  it("puts the server's issues (paths like tiers.1.weight) under their fields", () => {
    const form = tiersFormFrom(STORED);
    const errors = tierErrorsFrom(
      [
        { path: "tiers.1.weight", message: TIER_MESSAGES.weight },
        { path: "tiers.0.stripePriceIds.2", message: TIER_MESSAGES.priceId },
        { path: "defaultTierId", message: TIER_MESSAGES.defaultTier },
      ],
      form,
    );
    expect(errors.rows).toEqual({
      "saved-gold": { weight: TIER_MESSAGES.weight },
      "saved-standard": { stripePriceIds: TIER_MESSAGES.priceId },
    });
    expect(errors.form).toEqual([TIER_MESSAGES.defaultTier]);
  });

  it("reads a refused save's message from the error body, without the status", () => {
    const conflict = Object.assign(new Error(`409: ${TIER_MESSAGES.priceInTwoTiers("price_gold")}`), {
      body: { code: "CONFLICT", message: TIER_MESSAGES.priceInTwoTiers("price_gold") },
      issues: undefined,
    });
    expect(saveRefusal(conflict)).toEqual({ message: "The price price_gold is in two tiers; a price grants one tier", issues: [] });
    const invalid = Object.assign(new Error("400: x"), {
      body: { code: "VALIDATION", message: TIER_MESSAGES.name },
      issues: [{ path: "tiers.0.name", message: TIER_MESSAGES.name }],
    });
    expect(saveRefusal(invalid)).toEqual({ message: TIER_MESSAGES.name, issues: [{ path: "tiers.0.name", message: TIER_MESSAGES.name }] });
    expect(saveRefusal(new Error("Failed to fetch")).message).toBe("Failed to fetch");
  });

  it("never removes the default tier or the only one, and adds at most 10", () => {
    const form = tiersFormFrom(STORED);
    expect(removalBlock(form, "saved-standard")).toBe("default");
    expect(removalBlock(form, "saved-gold")).toBeNull();
    expect(removalBlock(tiersFormFrom(DEFAULT_TIER_SETTINGS), "saved-standard")).toBe("last");
    expect(canAddTier(form)).toBe(true);
    const full = { ...form, rows: Array.from({ length: 10 }, (_, n) => newTierRow(n)) };
    expect(canAddTier(full)).toBe(false);
  });

  it("knows when it differs from what is stored", () => {
    const form = tiersFormFrom(STORED);
    expect(isDirty({ ...form, defaultKey: "saved-gold" }, STORED)).toBe(true);
    expect(isDirty({ ...form, rows: form.rows.map((row) => withField(row, "weight", row.id === "gold" ? "3" : row.weight)) }, STORED)).toBe(
      true,
    );
    expect(isDirty({ ...form, rows: form.rows.map((row) => withField(row, "prices", row.prices.replace(", ", " "))) }, STORED)).toBe(false);
    expect(isDirty({ ...form, rows: form.rows.slice(0, 1) }, STORED)).toBe(true);
  });

  it("heads each tier with its place and name", () => {
    expect(tierHeading({ name: " Gold " }, 1)).toBe("Tier 2: Gold");
    expect(tierHeading({ name: "" }, 0)).toBe("Tier 1");
    expect(settingsInput({ rows: [], defaultKey: "none" }).defaultTierId).toBe("");
  });
});
