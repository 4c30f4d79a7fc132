/**
 * The functions' entry point for code that runs outside them: the scripts (admin:create, the account
 * sweep, the demo seed, the benches) and the tests' shared support (testing/). They use the real
 * services and stores through this file and nothing else under functions/src (ESLint holds it), so
 * the functions can be reshaped without breaking them unseen. The deployed functions are index.ts.
 */
export { createApp } from "./app";
export { auth, db } from "./data/db";
export { createLink } from "./data/links.repo";
export { createProgram, updateProgram } from "./data/programs.repo";
export { foldFinishedDays, importPastDays, newClickId, recordVisit, type PastDay } from "./data/visits.repo";
export { ensureAdmin } from "./services/admin-accounts";
export type { AppDeps } from "./services/deps";
export { sweepHijackableAccounts } from "./services/identity";
export { createLinkTester } from "./services/link-tester";
export { checkAllSubscriptions } from "./services/subscription-checks";
export { createStripeClient, StripeSubscriptionLookup } from "./services/subscriptions";
