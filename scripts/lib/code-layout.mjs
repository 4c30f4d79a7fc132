// @ts-check
// The code's layout in one place: ESLint keeps the import order it gives (eslint.config.mjs) and the
// README's layout is written from it (scripts/readme-layout.ts, checked by `npm run lint`).

/**
 * The functions' capabilities, lowest first: each may import only those on a lower level, never one
 * beside it or above it (siblings stand side by side). Where a lower one must act on a higher one's
 * data in one transaction, the higher one hands in a function that takes the transaction.
 * @type {{ name: string; what: string }[][]}
 */
export const CAPABILITY_LEVELS = [
  [
    { name: "jobs", what: "the job runner and job records" },
    { name: "visits", what: "visit records, counters, nightly fold, purges" },
    { name: "community", what: "the community's configuration" },
    { name: "announcements", what: "the announcement" },
    { name: "alerts", what: "the alerts channel: settings, bodies, deliveries" },
  ],
  [{ name: "accounts", what: "user documents, the caller, the audit log" }],
  [{ name: "catalog", what: "the programs' records, who may see them" }],
  [
    {
      name: "links",
      what: "links, counts, tester, health, CSV export, caps and snoozes; a program's links on delete, merge, recount",
    },
  ],
  [{ name: "outcomes", what: "members' referral outcomes, Earnings, CSV; with their paid days and roll-ups" }],
  [
    { name: "programs", what: "program endpoints: list, propose, change, delete and merge (composing links/)" },
    { name: "rotation", what: "rotation address, choice, visitor cookie" },
    { name: "analytics", what: "analytics and fair shares from roll-ups" },
    { name: "auth", what: "sign-in, sessions, guard, impersonation" },
    { name: "terms", what: "the terms watch: fetch, text, figures, diff, review" },
  ],
  [
    { name: "members", what: "user admin, Stripe subscriptions and checks" },
    { name: "digest", what: "the weekly digest job, its signed unsubscribe" },
  ],
  [{ name: "pages", what: "/ and /programs rendered per request" }],
];

/** What sits in functions/src beside the capabilities: the composition root and the plumbing. */
export const FUNCTIONS_ROOT = [
  { name: "index.ts", what: "deployed functions: api, redirect, pages, schedules, task queues" },
  { name: "app.ts", what: "the express app" },
  { name: "route-table.ts", what: "registers every route of the table" },
  { name: "route-handlers.ts", what: "the types every router gives and its handlers receive" },
  { name: "app-deps.ts", what: "real Stripe, mailer, link tester" },
  { name: "toolkit.ts", what: "the one door for scripts and tests" },
  { name: "ttl-policies.ts", what: "every TTL policy the stores rely on (firestore.indexes.json)" },
  { name: "types.d.ts", what: "what the app adds to express's Request" },
];

export const PLATFORM = { name: "platform", what: "db, config, errors, mail, http/, rate limits, host turns" };

/**
 * Which folder of functions/src owns each Firestore collection (by its key in platform/db.ts'
 * COLLECTIONS): the only one that names it, reads it directly or writes it. Others go through the
 * owner's typed readers and writers. ESLint keeps it (scripts/lib/collection-owner-rule.mjs);
 * functions/src/platform/collection-owners.test.ts holds it and COLLECTIONS together.
 * @type {Record<string, string>}
 */
export const COLLECTION_OWNERS = {
  users: "accounts",
  tierSettings: "accounts",
  auditLog: "accounts",
  emailTokens: "auth",
  loginMailCounts: "auth",
  impersonations: "auth",
  programs: "catalog",
  programNames: "catalog",
  programSlugs: "catalog",
  proposalLocks: "catalog",
  termsVersions: "catalog",
  termsDiffs: "catalog",
  outcomeMonths: "catalog",
  links: "links",
  linkSlots: "links",
  outcomes: "outcomes",
  clicks: "visits",
  visitMarks: "visits",
  clickCounters: "visits",
  clickDays: "visits",
  clickHours: "visits",
  clickMonths: "visits",
  clickRollupVersions: "visits",
  rotationSets: "visits",
  trafficCounters: "visits",
  trafficDays: "visits",
  trafficMonths: "visits",
  clickPurges: "visits",
  clickWindows: "analytics",
  alertChannel: "alerts",
  alertDeliveries: "alerts",
  announcements: "announcements",
  subscriptionChecks: "members",
  jobs: "jobs",
  jobLocks: "jobs",
  rateLimits: "platform",
  hostPaces: "platform",
  mailClaims: "platform",
};

/**
 * Where a folder still reads another's collection directly (issue 61 moves each behind its owner's
 * readers): `collection key: folders`. The lint lets exactly these through; one resolved is taken out
 * here (functions/src/platform/collection-owners.test.ts fails on an entry no file needs any more).
 * @type {Record<string, string[]>}
 */
export const COLLECTIONS_NOT_YET_BEHIND_OWNERS = {
  clickCounters: ["analytics"],
  clickHours: ["analytics"],
  clickMonths: ["analytics"],
  outcomes: ["links"],
};
