import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { getFunctions } from "firebase-admin/functions";
import { installQueryRecorder, QUERY_SHAPES_DIR_VARIABLE } from "./query-recorder";

function app() {
  return getApps()[0] ?? initializeApp();
}

let firestore: Firestore | undefined;
export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(app());
    firestore.settings({ ignoreUndefinedProperties: true });
    // The local suite records every query's shape for the index proof (scripts/query-index); never on a deploy.
    const shapesDir = process.env[QUERY_SHAPES_DIR_VARIABLE];
    if (shapesDir && process.env.FIRESTORE_EMULATOR_HOST) installQueryRecorder(shapesDir, firestore);
  }
  return firestore;
}

export const auth = () => getAuth(app());

/** A Cloud Tasks queue function of this project (in the emulator, its Cloud Tasks emulator). */
export const taskQueue = <Args extends Record<string, unknown>>(functionName: string) => getFunctions(app()).taskQueue<Args>(functionName);

/**
 * A Firestore TTL policy a store relies on: documents of `collection` are deleted once their `field`
 * (a timestamp) is past. Firestore only does so where a policy is declared (firestore.indexes.json's
 * fieldOverrides with `ttl: true`); functions/src/ttl-policies.ts lists every one, and its test holds
 * the declarations and the code together.
 */
export interface TtlPolicy {
  collection: string;
  field: string;
}

export const COLLECTIONS = {
  users: "users",
  /** One per login link sent, by the hash of its token (auth/email-tokens.store). TTL-deleted a week after it expired. */
  emailTokens: "email_tokens",
  /** One per rate limit's key: its hits in the window (platform/rate-limits.store). TTL-deleted when the window is over. */
  rateLimits: "rate_limits",
  /** Per UTC hour and shard: login e-mails sent, the hub-wide hourly ceiling's count (auth/login-mail-counts.store). TTL-deleted. */
  loginMailCounts: "login_mail_counts",
  programs: "programs",
  /** One document (`current`): the membership tiers, their weights and the Stripe prices that grant them (accounts/tiers.store). */
  tierSettings: "tier_settings",
  /** One document (`current`): the alerts channel's webhook, its events, its signing secret, its last delivery (alerts/alerts.store). */
  alertChannel: "alert_channel",
  /** One per alert raised, by the event it tells (sent once): its message, attempts and state. TTL-deleted 90 days on. */
  alertDeliveries: "alert_deliveries",
  /**
   * Under each program (`programs/{id}/terms_versions/{version}`): the versions of its terms page the
   * terms watch kept, the last 10 and the reviewed one (catalog/terms-versions.store).
   */
  termsVersions: "terms_versions",
  /**
   * Under each program (`programs/{id}/terms_diffs/current`): what changed from the reviewed version
   * to the latest, worked out once when the latest is kept (catalog/terms-versions.store).
   */
  termsDiffs: "terms_diffs",
  /** One document per program name (lower-cased, hashed): makes names unique inside transactions. */
  programNames: "program_names",
  /**
   * One per slug a program has or had (the document's id is the slug): `{ programId, current,
   * createdAt }`. Never deleted, so a slug is never given twice and `/r/{slug}` keeps leading where it
   * did (catalog/program-slugs.store).
   */
  programSlugs: "program_slugs",
  links: "referral_links",
  /** One document per (program, owner e-mail): makes "one link per member per program" hold in transactions. */
  linkSlots: "link_slots",
  clicks: "clicks",
  /**
   * One per counted visit and rule (visitor, client address) and UTC hour, created in the visit's own
   * batch: a second visit of the hour finds its mark taken (rotation/repeat-visits.ts). TTL-deleted.
   */
  visitMarks: "visit_marks",
  /** Per program, UTC day and shard: the counted visits per link not yet folded (see visits.store). */
  clickCounters: "click_counters",
  /** Per program and finished UTC day: its counted visits per link, its rotation sets and fair shares, folded from click_counters. */
  clickDays: "click_days",
  /** Per program and finished UTC hour: its counted visits per link and rotation sets, what `24h` reads; removed by TTL (`deleteAt`). */
  clickHours: "click_hours",
  /**
   * One per set of a program's links in the rotation, by a hash of the program and the ids: written once
   * by each instance that uses it, so counters and roll-ups name a set instead of listing its links.
   */
  rotationSets: "rotation_sets",
  /** Per program and calendar month: the sum of its click_days, kept by the same fold (what long analytics ranges read). */
  clickMonths: "click_months",
  /**
   * Per program: `version`, raised by every fold that changes its roll-ups (visit-fold.store), so that
   * what is summed from them (analytics' click_windows) can tell it is still current.
   */
  clickRollupVersions: "click_rollup_versions",
  /**
   * Per program: its links' clicks in each day range, summed from the roll-ups for one UTC day, with
   * the versions they were summed at (analytics/click-windows.store): what the Overview reads.
   */
  clickWindows: "click_windows",
  /** Per shard, program and UTC day: requests answered but not counted, by reason and hour, not yet folded (visits/traffic-tallies.store). */
  trafficCounters: "traffic_counters",
  /** Per program and finished UTC day: its traffic_counters summed by the nightly fold, hours kept (for `24h`). */
  trafficDays: "traffic_days",
  /** Per program and calendar month: the sum of its traffic_days, kept by the same fold. */
  trafficMonths: "traffic_months",
  announcements: "announcements",
  auditLog: "audit_log",
  subscriptionChecks: "subscription_checks",
  /** Click records of deleted links still to delete, one per deletion: the background purge's to-do list and cursor (click-purges.store). */
  clickPurges: "click_purges",
  /** Long work (subscription checks, auto-approve): state, progress and cursor of each run; pages of a listing below it. */
  jobs: "jobs",
  /** One per job kind while one runs: makes "one job of a kind at a time" hold in a transaction. */
  jobLocks: "job_locks",
  /** One per host the hub's fetchers reached lately (link tests, link health, terms): when the next request may go there (platform/host-paces.store). TTL-deleted. */
  hostPaces: "host_paces",
  /** One per member who proposed a program: each proposal writes it, so one member's proposals run one at a time. */
  proposalLocks: "proposal_locks",
  /** One per "Log in as user": who, whom, when, and when and why it ended (see auth/impersonation.service.ts). */
  impersonations: "impersonations",
  /** What came of members' referrals, one per outcome a member recorded (docs/architecture.md, *Outcomes, caps and snoozes*). */
  outcomes: "outcomes",
  /** Per program and calendar month: outcomes by day and link, kept in each outcome's own transaction (what outcome analytics read). */
  outcomeMonths: "outcome_months",
  /**
   * One per mail the hub sends on its own (digest, offer-end warning, link-health notice), created in the
   * transaction that claims it before the mail is handed over: a crash may lose one, never send it twice.
   * TTL-deleted after 400 days (mail-claims.store).
   */
  mailClaims: "mail_claims",
} as const;
