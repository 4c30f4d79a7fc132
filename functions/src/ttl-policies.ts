import { ALERT_DELIVERIES_TTL } from "./alerts/alerts.store";
import { EMAIL_TOKENS_TTL } from "./auth/email-tokens.store";
import { LOGIN_MAIL_COUNTS_TTL } from "./auth/login-mail-counts.store";
import { HOST_PACES_TTL } from "./platform/host-paces.store";
import type { TtlPolicy } from "./platform/db";
import { MAIL_CLAIMS_TTL } from "./platform/mail-claims.store";
import { RATE_LIMITS_TTL } from "./platform/rate-limits.store";
import { CLICK_HOURS_TTL, VISIT_MARKS_TTL } from "./visits/visits.store";

/**
 * Every TTL policy the stores rely on, each declared by the store that writes the collection. A
 * deploy keeps documents forever unless firestore.indexes.json declares the same policy:
 * ttl-policies.test.ts checks both ways, and an API test that the stores write these fields as
 * timestamps (a TTL policy ignores any other type).
 */
export const TTL_POLICIES: readonly TtlPolicy[] = [
  RATE_LIMITS_TTL,
  EMAIL_TOKENS_TTL,
  LOGIN_MAIL_COUNTS_TTL,
  VISIT_MARKS_TTL,
  CLICK_HOURS_TTL,
  HOST_PACES_TTL,
  MAIL_CLAIMS_TTL,
  ALERT_DELIVERIES_TTL,
];
