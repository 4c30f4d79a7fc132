import { z } from "./zod";
import { textField } from "./common";
import { calendarDayField } from "./dates";

/*
 * What came of a member's referrals (docs/architecture.md, *Outcomes, caps and snoozes*). A member
 * records them on their own links; they stay with the member (a deleted link keeps them, with the
 * program's name) and count against the program's referrer cap when `paid`.
 */

export const OUTCOME_KINDS = ["signed-up", "paid", "clawed-back"] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];
export const OUTCOME_NOTE_MAX = 200;
export const OUTCOME_AMOUNT_MAX = 100_000;
/** How far back an outcome may be dated, in days before today's UTC date. */
export const OUTCOME_DAYS_BACK = 400;
/** The most outcomes a member may record in any rolling 24 hours (accepted ones; deleting one gives none back). */
export const OUTCOMES_PER_DAY = 50;

const AMOUNT_MESSAGE = "Amount must be more than 0 and at most 100000, with at most 2 decimals";
const CURRENCY_MESSAGE = "Currency must be a 3-letter ISO 4217 code, such as USD";

/** The ISO 4217 codes the runtime knows (Node 22 and every current browser), else any three letters. */
const KNOWN_CURRENCIES: ReadonlySet<string> | null = (() => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return typeof supported === "function" ? new Set(supported("currency")) : null;
})();
export const isCurrencyCode = (code: string) => /^[A-Z]{3}$/.test(code) && (KNOWN_CURRENCIES === null || KNOWN_CURRENCIES.has(code));

/** At most two decimals, tested on the cents so 0.1 + 0.2 style floats pass. */
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

// POST /api/user/links/{id}/outcomes. `occurredOn` at most one day after today's UTC date: checked by the server.
export const createOutcomeRequestSchema = z
  .strictObject({
    kind: z.enum(OUTCOME_KINDS, { error: "Kind must be 'signed-up', 'paid' or 'clawed-back'" }),
    occurredOn: calendarDayField("Date must be a date (YYYY-MM-DD)"),
    amount: z
      .number({ error: AMOUNT_MESSAGE })
      .gt(0, { error: AMOUNT_MESSAGE })
      .max(OUTCOME_AMOUNT_MAX, { error: AMOUNT_MESSAGE })
      .refine(hasAtMostTwoDecimals, { error: AMOUNT_MESSAGE })
      .optional(),
    currency: textField(CURRENCY_MESSAGE).trim().toUpperCase().refine(isCurrencyCode, { error: CURRENCY_MESSAGE }).optional(),
    note: textField("Note must be text")
      .trim()
      .max(OUTCOME_NOTE_MAX, { error: `Note must be ${OUTCOME_NOTE_MAX} characters or less` })
      .optional(),
  })
  .refine((o) => o.amount === undefined || o.currency !== undefined, { error: "Currency is required with an amount", path: ["currency"] })
  .refine((o) => o.currency === undefined || o.amount !== undefined, {
    error: "Currency is only given with an amount",
    path: ["currency"],
  });
export type CreateOutcomeRequest = z.infer<typeof createOutcomeRequestSchema>;

export const outcomeSchema = z.object({
  id: z.string(),
  /** The link it was recorded on; it may since have been deleted. */
  linkId: z.string(),
  programId: z.string(),
  programName: z.string(),
  kind: z.enum(OUTCOME_KINDS),
  occurredOn: z.string(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
  recordedAt: z.string(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

export const outcomeIdParams = z.object({ id: z.string({ error: "Not found" }).regex(/^[A-Za-z0-9_-]{1,128}$/, { error: "Not found" }) });

/** The earliest year the Earnings view offers. */
export const FIRST_OUTCOME_YEAR = 2000;
// GET /api/user/outcomes?year= and /export?year=
export const outcomesQuerySchema = z.object({
  year: textField("Year must be a year, such as 2026")
    .regex(/^\d{4}$/, { error: "Year must be a year, such as 2026" })
    .transform(Number)
    .pipe(z.number().min(FIRST_OUTCOME_YEAR, { error: "Year must be a year, such as 2026" }).max(9999)),
});

export const currencyTotalsSchema = z.object({ currency: z.string(), paid: z.number(), clawedBack: z.number(), net: z.number() });
export const earningsSchema = z.object({
  year: z.number().int(),
  /** Newest first (by `occurredOn`, then `recordedAt`). */
  entries: z.array(outcomeSchema),
  totals: z.object({
    signedUp: z.number().int(),
    paid: z.number().int(),
    clawedBack: z.number().int(),
    byCurrency: z.array(currencyTotalsSchema),
  }),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** The CSV file's name for a year. */
export const earningsFileName = (year: number) => `referral-earnings-${year}.csv`;

// GET /api/analytics/outcomes?timeFilter= (admin; programReportQuerySchema): by `occurredOn` within the window
export const programOutcomesSchema = z.object({
  programId: z.string(),
  programName: z.string(),
  visits: z.number().int(),
  signedUp: z.number().int(),
  paid: z.number().int(),
  clawedBack: z.number().int(),
  /** paid / visits, four decimals; null with no visit. */
  conversion: z.number().nullable(),
  /** Left out when asked with `links=omit`. */
  links: z
    .array(
      z.object({
        linkId: z.string(),
        email: z.string(),
        visits: z.number().int(),
        paid: z.number().int(),
        conversion: z.number().nullable(),
      }),
    )
    .optional(),
});
export const outcomeAnalyticsSchema = z.array(programOutcomesSchema);
export type ProgramOutcomes = z.infer<typeof programOutcomesSchema>;
