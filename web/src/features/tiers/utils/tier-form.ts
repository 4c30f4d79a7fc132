import { TIER_LIMITS, TIER_MESSAGES, tierSettingsSchema, type TierSettings } from "@hub/contract/tiers";
import { errorText } from "@/lib/error-text";

/** One tier as the Tiers panel edits it: the text in its fields. */
export interface TierRow {
  /** The row's own key (React's, and its fields' ids): `saved-{id}` for a stored tier, `new-{n}` for one added here. */
  key: string;
  /** A stored tier keeps its id: members' tiers and admins' choices name it. */
  saved: boolean;
  id: string;
  /** The id was typed: it no longer follows the name. */
  idTouched: boolean;
  name: string;
  weight: string;
  /** Stripe price ids, separated by commas, spaces or new lines. */
  prices: string;
}

export interface TiersForm {
  rows: TierRow[];
  /** The key of the row whose Default radio is on. */
  defaultKey: string;
}

export const TIER_FIELDS = ["id", "name", "weight", "stripePriceIds"] as const;
export type TierField = (typeof TIER_FIELDS)[number];

/** The messages a save found: one per field of each row (by row key), and those of the whole form. */
export interface TierErrors {
  rows: Partial<Record<string, Partial<Record<TierField, string>>>>;
  form: string[];
}

export const NO_TIER_ERRORS: TierErrors = { rows: {}, form: [] };

export const hasTierErrors = (errors: TierErrors): boolean =>
  errors.form.length > 0 || Object.values(errors.rows).some((row) => row !== undefined && Object.keys(row).length > 0);

const savedKey = (id: string) => `saved-${id}`;

/** The panel's fields for the stored tiers. */
export function tiersFormFrom(settings: TierSettings): TiersForm {
  return {
    rows: settings.tiers.map((tier) => ({
      key: savedKey(tier.id),
      saved: true,
      id: tier.id,
      idTouched: true,
      name: tier.name,
      weight: String(tier.weight),
      prices: tier.stripePriceIds.join(", "),
    })),
    defaultKey: savedKey(settings.defaultTierId),
  };
}

/** A new, empty tier of weight 1. `n` makes its key unique among the rows added since the panel opened. */
export function newTierRow(n: number): TierRow {
  return { key: `new-${String(n)}`, saved: false, id: "", idTouched: false, name: "", weight: "1", prices: "" };
}

/** "price_a, price_b price_c" → each id once, in order. */
export function priceIdsFrom(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((price) => price !== ""))];
}

/** The id a new tier's name suggests: "Gold Plus!" → "gold-plus" (lower-case letters, digits and dashes). */
export function idFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
}

/** A row with one field changed; a new tier's id follows its name until the id is typed. */
export function withField(row: TierRow, field: "id" | "name" | "weight" | "prices", value: string): TierRow {
  if (field === "id") return { ...row, id: value, idTouched: value !== "" };
  if (field === "name" && !row.saved && !row.idTouched) return { ...row, name: value, id: idFromName(value) };
  return { ...row, [field]: value };
}

/** A weight as typed: a number, or NaN for an empty field (which the contract's schema refuses). */
function weightFrom(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/** What the form would send, before the contract's schema checks it. */
export function settingsInput(form: TiersForm) {
  const defaultRow = form.rows.find((row) => row.key === form.defaultKey);
  return {
    tiers: form.rows.map((row) => ({
      id: row.id.trim(),
      name: row.name,
      weight: weightFrom(row.weight),
      stripePriceIds: priceIdsFrom(row.prices),
    })),
    defaultTierId: defaultRow ? defaultRow.id.trim() : "",
  };
}

interface Issue {
  /** zod's path, or the server's issue path ("tiers.1.weight"). */
  path: readonly PropertyKey[] | string;
  message: string;
}

/** Each issue under the field it is about (the first message per field), the rest for the whole form. */
export function tierErrorsFrom(issues: readonly Issue[], form: TiersForm): TierErrors {
  const errors: TierErrors = { rows: {}, form: [] };
  for (const issue of issues) {
    const parts = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    const row = parts[0] === "tiers" && parts[1] !== undefined && /^\d+$/.test(parts[1]) ? form.rows[Number(parts[1])] : undefined;
    const field = TIER_FIELDS.find((name) => name === parts[2]);
    if (row && field) {
      const rowErrors = (errors.rows[row.key] ??= {});
      rowErrors[field] ??= issue.message;
    } else if (!errors.form.includes(issue.message)) {
      errors.form.push(issue.message);
    }
  }
  // the contract says that two tiers share an id without saying which: the ids say it themselves
  if (errors.form.includes(TIER_MESSAGES.duplicateId)) {
    const counts = new Map<string, number>();
    for (const row of form.rows) counts.set(row.id.trim(), (counts.get(row.id.trim()) ?? 0) + 1);
    for (const row of form.rows) {
      if ((counts.get(row.id.trim()) ?? 0) < 2) continue;
      const rowErrors = (errors.rows[row.key] ??= {});
      rowErrors.id ??= TIER_MESSAGES.duplicateId;
    }
  }
  return errors;
}

/** The form checked with the contract's schema: the settings to send, or the messages to show. */
export function parseTiersForm(form: TiersForm): { ok: true; value: TierSettings } | { ok: false; errors: TierErrors } {
  const parsed = tierSettingsSchema.safeParse(settingsInput(form));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: tierErrorsFrom(parsed.error.issues, form) };
}

/** Why a tier cannot be removed, or null when it can. */
export type RemovalBlock = "default" | "last";

export function removalBlock(form: TiersForm, key: string): RemovalBlock | null {
  if (form.rows.length <= 1) return "last";
  return key === form.defaultKey ? "default" : null;
}

export const REMOVAL_HELP: Record<RemovalBlock, string> = {
  last: "The only tier cannot be removed: a community has at least one.",
  default: "The default tier cannot be removed: make another tier the default first.",
};

export const canAddTier = (form: TiersForm): boolean => form.rows.length < TIER_LIMITS.tiers;

/** Whether the form differs from what is stored (as it would be sent: names trimmed, prices split). */
export function isDirty(form: TiersForm, stored: TierSettings): boolean {
  const input = settingsInput(form);
  if (input.defaultTierId !== stored.defaultTierId || input.tiers.length !== stored.tiers.length) return true;
  return input.tiers.some((tier, index) => {
    const before = stored.tiers[index];
    return (
      !before ||
      tier.id !== before.id ||
      tier.name.trim() !== before.name ||
      tier.weight !== before.weight ||
      tier.stripePriceIds.join(" ") !== before.stripePriceIds.join(" ")
    );
  });
}

/** A row's heading: "Tier 2: Gold", or "Tier 2" before it has a name. */
export function tierHeading(row: Pick<TierRow, "name">, index: number): string {
  const name = row.name.trim();
  return name ? `Tier ${String(index + 1)}: ${name}` : `Tier ${String(index + 1)}`;
}

/** The name a tier goes by in a sentence: its name, else its id, else its place. */
export function tierNameOf(row: Pick<TierRow, "name" | "id">, index: number): string {
  return row.name.trim() || row.id.trim() || `tier ${String(index + 1)}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * A refused save as the panel says it: the server's own message (the error body's, without the
 * status: "The price price_x is in two tiers; a price grants one tier"), and its per-field issues.
 */
export function saveRefusal(error: unknown): { message: string; issues: Issue[] } {
  const body = isRecord(error) ? error.body : undefined;
  const message = isRecord(body) && typeof body.message === "string" && body.message ? body.message : errorText(error);
  const raw = isRecord(error) && Array.isArray(error.issues) ? (error.issues as unknown[]) : [];
  const issues = raw.filter(
    (issue): issue is Issue => isRecord(issue) && typeof issue.path === "string" && typeof issue.message === "string",
  );
  return { message, issues };
}
