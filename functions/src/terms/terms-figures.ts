import { TERMS_FIGURES_KEPT } from "@hub/contract/terms";

/*
 * The figures a terms page names (the contract's *Terms watch and alerts*, *Figures*): money with a
 * symbol or an ISO code, numbers of points or miles, counts of referrals or friends, in the order the
 * text names them. A bare number (a year, a date, a step of a list) and a percentage are not figures:
 * a figure always carries its unit. Separators are read as the page's language writes numbers.
 */

export type FigureUnit = "currency" | "points" | "miles" | "referrals";

export interface Figure {
  /** The words the figure was read from, as the page has them ("60,000 bonus points"). */
  text: string;
  value: number;
  unit: FigureUnit;
  /** ISO 4217, for money only. */
  currency?: string;
}

/**
 * A number as pages write them: grouped by `,` `.` space, no-break spaces or `'` (in thousands, or in
 * lakhs as India writes them: 1,00,000), with decimals. At most MAX_GROUPS groups (up to 10^21) and
 * MAX_DIGITS plain digits: a page is outside input, and an unbounded repetition made each attempt
 * on a long run of "1 000 000 …" scan the rest of it again (quadratic: 20 s for 100 K characters).
 */
const GROUP = String.raw`[,.\u00a0\u202f '’]`;
const MAX_GROUPS = 6;
const MAX_DIGITS = 21;
const NUMBER = String.raw`\d{1,3}(?:${GROUP}\d{2,3}){0,${String(MAX_GROUPS - 1)}}${GROUP}\d{3}(?:[.,]\d{1,2})?|\d{1,${String(MAX_DIGITS)}}(?:[.,]\d{1,2})?`;
/**
 * Not inside a longer run of digits, a date (12/31/2026, 2026-01-31) or a percentage, and not at a
 * group of a grouped number ("000" of "1 000"): a figure starts where its number starts, so a run of
 * groups longer than a number gives no figure instead of one read from its middle.
 */
const BEFORE = String.raw`(?<![\d/.,-])(?<!\d[,.\u00a0\u202f '’])`;
const AFTER = String.raw`(?![\d%/-]|[.,]\d|\s?(?:%|percent\b|per\s?cent\b))`;
const ISO_CODES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "JPY", "SEK", "NOK", "DKK", "PLN", "INR", "HKD", "SGD", "MXN"];
const ISO = String.raw`\b(?:${ISO_CODES.join("|")})\b`;
/** Dollar signs that say whose dollar (CA$, A$, …), then the other symbols. */
const SYMBOL = String.raw`(?:US|CA|C|AU|A|NZ|HK|S)\$|[$€£¥₹]`;
/**
 * Up to a few words between a number and its unit ("60,000 Membership Rewards® points"), never across
 * a sentence's end, each at most 40 letters: a figure's text stays short whatever the page.
 */
const WORDS = (n: number) => String.raw`(?:\s+[\p{L}®™'’-]{1,40}){0,${String(n)}}?`;

const FIGURE = new RegExp(
  [
    String.raw`(?<moneyBefore>(?<sym1>${SYMBOL}|${ISO})\s?${BEFORE}(?<n1>${NUMBER})${AFTER})`,
    String.raw`(?<moneyAfter>${BEFORE}(?<n2>${NUMBER})${AFTER}\s?(?<sym2>[€£$]|${ISO}))`,
    String.raw`(?<reward>${BEFORE}(?<n3>${NUMBER})${AFTER}${WORDS(4)}\s+(?<kind>points?|pts|miles?)\b)`,
    String.raw`(?<count>${BEFORE}(?<n4>${NUMBER})${AFTER}${WORDS(2)}\s+(?:referrals?|friends?)\b)`,
  ].join("|"),
  "giu",
);

const SYMBOL_CURRENCY: Record<string, string> = {
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  US$: "USD",
  CA$: "CAD",
  C$: "CAD",
  AU$: "AUD",
  A$: "AUD",
  NZ$: "NZD",
  HK$: "HKD",
  S$: "SGD",
};
/** A bare `$` is the dollar of the page's region when it has one of its own. */
const REGION_DOLLAR: Record<string, string> = { CA: "CAD", AU: "AUD", NZ: "NZD", HK: "HKD", SG: "SGD", MX: "MXN" };

/** What a version keeps of a text's figures: the first FIGURES_KEPT, and whether there were more. */
export function keptFigures(text: string, lang: string | null): { figures: Figure[]; cut: boolean } {
  const read = figuresOf(text, lang, FIGURES_KEPT + 1);
  return { figures: read.slice(0, FIGURES_KEPT), cut: read.length > FIGURES_KEPT };
}

function localeOf(lang: string | null): Intl.Locale {
  try {
    return new Intl.Locale(lang ?? "en");
  } catch {
    return new Intl.Locale("en");
  }
}

function currencyOf(symbol: string, locale: Intl.Locale): string {
  const upper = symbol.toUpperCase();
  if (ISO_CODES.includes(upper)) return upper;
  if (symbol === "$") return REGION_DOLLAR[locale.region ?? ""] ?? "USD";
  return SYMBOL_CURRENCY[upper] ?? "USD";
}

/** The number in `raw`, its separators read as `decimal` says (the page's language). */
export function numberOf(raw: string, decimal: "." | ","): number {
  const last = [...raw.matchAll(/\D/g)].pop();
  // the last `.` or `,` is the decimal one when the language says so, or when other than three digits follow it
  const decimalAt = last && /[.,]/.test(last[0]) && (last[0] === decimal || raw.length - last.index - 1 !== 3) ? last.index : -1;
  const whole = (decimalAt >= 0 ? raw.slice(0, decimalAt) : raw).replace(/\D/g, "");
  const fraction = decimalAt >= 0 ? raw.slice(decimalAt + 1) : "";
  return Number(fraction ? `${whole}.${fraction}` : whole);
}

/** The most figures a version keeps (the contract's *Bounded whatever the page*): the first in order. */
export const FIGURES_KEPT = TERMS_FIGURES_KEPT;

/** The figures of `text`, in order: at most `limit` (the reading stops there, whatever the text's length). */
export function figuresOf(text: string, lang: string | null, limit = Number.POSITIVE_INFINITY): Figure[] {
  const locale = localeOf(lang);
  const decimal = new Intl.NumberFormat(locale.baseName).formatToParts(1.5).find((p) => p.type === "decimal")?.value === "," ? "," : ".";
  const figures: Figure[] = [];
  for (const match of text.matchAll(FIGURE)) {
    if (figures.length >= limit) break;
    const g = match.groups!;
    const raw = g.n1 ?? g.n2 ?? g.n3 ?? g.n4!;
    const value = numberOf(raw, decimal);
    // a figure begins with its symbol or number and ends with its unit: never with a space
    const figureText = match[0];
    if (g.moneyBefore || g.moneyAfter)
      figures.push({ text: figureText, value, unit: "currency", currency: currencyOf((g.sym1 ?? g.sym2)!, locale) });
    else if (g.reward) figures.push({ text: figureText, value, unit: /^m/i.test(g.kind!) ? "miles" : "points" });
    else figures.push({ text: figureText, value, unit: "referrals" });
  }
  return figures;
}
