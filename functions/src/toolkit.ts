/**
 * The functions' entry point for code that runs outside them: the scripts (admin:create, the account
 * sweep, the demo seed, the benches) and the tests' shared support (testing/). They use the real
 * services and stores through this file and nothing else under functions/src (ESLint holds it), so
 * the functions can be reshaped without breaking them unseen. The deployed functions are index.ts.
 */
import { linkVisitsIn } from "./links/link-visits.store";
import { programExistsIn } from "./catalog/programs.store";
import { foldFinishedDays as foldVisitDays } from "./visits/visit-fold.store";
import { foldFinishedTrafficDays as foldTrafficDays } from "./visits/traffic-fold.store";

export { createApp } from "./app";
export { DEFAULT_HOSTING_CDN_RANGES } from "./platform/config";
export { parseRanges } from "./platform/http/ip-prefix";
export { SAME_HOST_GAP_MS, TURN_SPACING_MS } from "./platform/host-turns";
export { auth, COLLECTIONS, db } from "./platform/db";
export { createLink, importLinks } from "./links/links.store";
export { importUsers } from "./accounts/users.store";
export { importOutcomeMonths } from "./catalog/outcome-months.store";
export type { OutcomeMonth } from "./catalog/outcome-months";
export { linkVisitsIn } from "./links/link-visits.store";
export { createProgram, updateProgram } from "./catalog/programs.store";
export { recountProgramLinks } from "./links/program-links.store";
export { refreshClickWindows } from "./analytics/click-windows.service";
export { keptPaidDays, linkAvailability } from "./links/link-availability";
export { setSnooze, updateLink } from "./links/links.store";
export { recordOutcome } from "./outcomes/outcomes.service";
/** The nightly fold of finished days' visit counters, the links' visit counts with it. */
export const foldFinishedDays = (now: Date) => foldVisitDays(now, { linkVisits: linkVisitsIn, programExists: programExistsIn });
/** The nightly fold of finished days' traffic tallies. */
export const foldFinishedTrafficDays = (now: Date) => foldTrafficDays(now, programExistsIn);
export {
  dayRecordRef,
  hourRecordRef,
  monthRecordRef,
  newClickId,
  recordVisit,
  rollupVersionRaise,
  rollupVersionRef,
  rotationSetOf,
  rotationSetRef,
  storedSet,
} from "./visits/visits.store";
export { dayRollup, emptyPeriod, hourRollup } from "./visits/period-counts";
export { addTrafficTallies } from "./visits/traffic-tallies.store";
export { ensureAdmin } from "./auth/admin-accounts.service";
export { encodeVisitor, newVisitorId } from "./rotation/visitor-cookie";
export type { AppDeps } from "./platform/deps";
export { sweepHijackableAccounts } from "./auth/identity";
export { createLinkTester, isAllowedWebhookUrl } from "./links/link-tester";
export { emulatorFixtureOptions } from "./links/link-tester-fixture";
export {
  deadLinkMail,
  failingLinkMail,
  loginLinkMail,
  offerEndingMail,
  SmtpMailer,
  termsChangedMail,
  termsUnreachableMail,
  weeklyDigestMail,
} from "./platform/mailer";
export type { DigestMailContent, OutgoingMail } from "./platform/mailer";
export { checkProgramTerms, termsReadOf } from "./terms/terms-check.service";
export { readableText } from "./terms/terms-text";
export { figuresOf } from "./terms/terms-figures";
export { textChanges } from "./terms/terms-diff";
export { changeAlertChannel } from "./alerts/alerts.store";
export { bodyOf } from "./alerts/alert-bodies";
export { neutraliseFormula } from "./platform/csv-guard";
export { saveTierSettings } from "./accounts/tiers.store";
export { checkUserSubscription } from "./members/subscription-checks.service";
export { forEachLimited } from "./platform/concurrency";
export { startSubscriptionJob } from "./members/subscription-job.service";
export { readJob } from "./jobs/jobs.store";
export { createStripeClient, StripeSubscriptionLookup } from "./members/subscriptions";
export { DEFAULT_LOGIN_MAILS_PER_HOUR, loginMailShardId } from "./auth/login-mail-ceiling";
export { runLoginMailTask } from "./auth/login-mail.service";
export { cloudTasksLoginMailQueue } from "./auth/login-mail-queue";
export type { LoginMailQueue, LoginMailRequest } from "./platform/deps";
export { pageHandler } from "./pages/pages";
export { OpenList, OPEN_LIST_TTL_MS } from "./programs/open-list";
