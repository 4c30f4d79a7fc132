import { stringify } from "csv-stringify/sync";
import { OUTCOME_DAYS_BACK, OUTCOMES_PER_DAY, type CreateOutcomeRequest, type Earnings, type Outcome } from "@hub/contract/outcomes";
import { MESSAGES } from "@hub/contract/errors";
import { addDays, utcDay } from "@hub/contract/dates";
import type { Caller } from "../accounts/caller";
import { ApiError } from "../platform/api-error";
import type { AppDeps } from "../platform/deps";
import { linkNotFound } from "../links/link-errors";
import { neutraliseFormula } from "../platform/csv-guard";
import { rateLimitKey } from "../platform/rate-limit-policy";
import { deleteOutcomeOf, outcomesOf, recordOutcomeOn, type OutcomeRecord } from "./outcomes.store";

export const OUTCOME_MESSAGES = {
  tooLate: "Date can be at most one day after today (UTC)",
  tooEarly: `Date can be at most ${String(OUTCOME_DAYS_BACK)} days before today (UTC)`,
  notApproved: "Outcomes can be recorded on approved links only",
  notFound: "Outcome not found",
} as const;

const toApi = ({ email: _owner, year: _year, ...outcome }: OutcomeRecord): Outcome => outcome;

const invalidDate = (message: string) => new ApiError("VALIDATION", message, { issues: [{ path: "occurredOn", message }] });
const DAY_MS = 86_400_000;

/**
 * POST /api/user/links/{id}/outcomes: on the member's own approved link only (another's is 404, as if
 * unknown), dated within the bounds, at most OUTCOMES_PER_DAY in any 24 hours: what a member may
 * record feeds the public paid count and the caps the rotation reads, so it is bounded.
 */
export async function recordOutcome(
  deps: Pick<AppDeps, "now" | "keyedHashSecret">,
  owner: string,
  linkId: string,
  body: CreateOutcomeRequest,
): Promise<Outcome> {
  const now = deps.now();
  const today = utcDay(now);
  // a member east of UTC may already be in tomorrow
  if (body.occurredOn > addDays(today, 1)) throw invalidDate(OUTCOME_MESSAGES.tooLate);
  if (body.occurredOn < addDays(today, -OUTCOME_DAYS_BACK)) throw invalidDate(OUTCOME_MESSAGES.tooEarly);
  const outcome = {
    kind: body.kind,
    occurredOn: body.occurredOn,
    amount: body.amount ?? null,
    currency: body.currency ?? null,
    note: body.note || null,
  };
  const limit = { key: rateLimitKey(deps.keyedHashSecret, "outcomes", owner), limit: OUTCOMES_PER_DAY, windowMs: DAY_MS };
  const recorded = await recordOutcomeOn(linkId, owner, outcome, limit, now);
  if (recorded === "not-found") throw linkNotFound();
  if (recorded === "not-approved") throw new ApiError("LINK_NOT_APPROVED", OUTCOME_MESSAGES.notApproved);
  if ("retryAfterSeconds" in recorded)
    throw new ApiError("RATE_LIMITED", MESSAGES.rateLimited, { retryAfterSeconds: recorded.retryAfterSeconds });
  return toApi(recorded);
}

export async function deleteOutcome(deps: AppDeps, caller: Caller, id: string): Promise<void> {
  if (!(await deleteOutcomeOf(id, caller.user.email))) throw new ApiError("NOT_FOUND", OUTCOME_MESSAGES.notFound);
}

const cents = (value: number) => Math.round(value * 100) / 100;
const newestFirst = (a: OutcomeRecord, b: OutcomeRecord) =>
  b.occurredOn.localeCompare(a.occurredOn) || b.recordedAt.localeCompare(a.recordedAt);

/** GET /api/user/outcomes?year=: the member's entries of the year, newest first, and their totals. */
export async function earningsOf(caller: Caller, year: number): Promise<Earnings> {
  const entries = (await outcomesOf(caller.user.email, year)).sort(newestFirst);
  const byCurrency = new Map<string, { paid: number; clawedBack: number }>();
  for (const e of entries) {
    if (e.amount === null || e.currency === null || e.kind === "signed-up") continue;
    const sums = byCurrency.get(e.currency) ?? { paid: 0, clawedBack: 0 };
    if (e.kind === "paid") sums.paid += e.amount;
    else sums.clawedBack += e.amount;
    byCurrency.set(e.currency, sums);
  }
  const count = (kind: OutcomeRecord["kind"]) => entries.filter((e) => e.kind === kind).length;
  return {
    year,
    entries: entries.map(toApi),
    totals: {
      signedUp: count("signed-up"),
      paid: count("paid"),
      clawedBack: count("clawed-back"),
      byCurrency: [...byCurrency]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, { paid, clawedBack }]) => ({
          currency,
          paid: cents(paid),
          clawedBack: cents(clawedBack),
          net: cents(paid - clawedBack),
        })),
    },
  };
}

const HEADER = ["Date", "Program", "Kind", "Amount", "Currency", "Note", "Recorded"];

/** GET /api/user/outcomes/export?year=: one row per entry, newest first, by the admin export's CSV rules. */
export async function earningsCsv(caller: Caller, year: number): Promise<string> {
  const { entries } = await earningsOf(caller, year);
  const rows = entries.map((e) => [
    e.occurredOn,
    e.programName,
    e.kind,
    e.amount === null ? "" : e.amount.toFixed(2),
    e.currency ?? "",
    e.note ?? "",
    e.recordedAt,
  ]);
  return stringify([HEADER, ...rows.map((r) => r.map(neutraliseFormula))], { record_delimiter: "\r\n" });
}
