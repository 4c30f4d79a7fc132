import { z } from "./zod";
import { emailField, LIMITS, textField } from "./common";
import { memberTierSchema, tierChoiceSchema, tierSourceSchema } from "./tiers";

export const SUBSCRIPTION_STATUSES = ["active", "trialing", "canceled", "cancelled", "past_due", "unpaid", "not_found"] as const;
/** Statuses that let a member in. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;

export function isActiveSubscriptionStatus(status: string | null | undefined): boolean {
  return (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status ?? "");
}

// GET /api/user, and the answer of POST /api/login and /api/register; with the user's tier (tiers.ts)
export const currentUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    displayName: z.string().nullable(),
    isAdmin: z.boolean(),
    approved: z.boolean(),
    blocked: z.boolean(),
    subscriptionStatus: z.string().nullable(),
    impersonatedBy: z.string().nullable(),
  })
  .extend(memberTierSchema.shape);
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = currentUserSchema.extend({ customToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// GET /api/user/profile
export const profileSchema = z.object({
  email: z.string(),
  displayName: z.string().nullable(),
  approved: z.boolean(),
  blocked: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  /** The member's own tier (never anyone else's): shown on the dashboard as "Gold · 2× share". */
  tierId: z.string(),
  tierName: z.string(),
  tierSource: tierSourceSchema,
  weight: z.number().int(),
  /** The Monday e-mail of last week's visits, outcomes and what needs attention (default true). */
  weeklyDigest: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

// PATCH /api/user/profile
export const updateProfileRequestSchema = z.strictObject({
  weeklyDigest: z.boolean({ error: "weeklyDigest must be true or false" }),
});

// POST /api/public/unsubscribe: the signed token of a digest's unsubscribe link (works signed out)
export const unsubscribeRequestSchema = z.strictObject({
  token: textField("Unsubscribe link is invalid")
    .trim()
    .min(1, { error: "Unsubscribe link is invalid" })
    .max(1024, { error: "Unsubscribe link is invalid" }),
});
export const unsubscribeResultSchema = z.object({ unsubscribed: z.literal(true) });

/** GET /api/users item: everything an admin sees of a user. */
export const adminUserSchema = currentUserSchema.omit({ impersonatedBy: true }).extend({
  createdByAdmin: z.boolean(),
  notes: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  subscriptionLastChecked: z.string().nullable(),
  createdAt: z.string(),
  linkCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

const paymentId = textField()
  .trim()
  .max(LIMITS.paymentId, { error: `Payment IDs must be ${LIMITS.paymentId} characters or less` })
  .transform((v) => (v === "" ? null : v))
  .nullable();

// PATCH /api/users/{username}
export const updateUserRequestSchema = z.strictObject({
  displayName: textField()
    .trim()
    .max(LIMITS.displayName, { error: `Name must be ${LIMITS.displayName} characters or less` })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  notes: textField()
    .max(LIMITS.notes, { error: `Notes must be ${LIMITS.notes} characters or less` })
    .transform((v) => (v.trim() === "" ? null : v))
    .nullable()
    .optional(),
  newEmail: emailField("Invalid email address").optional(),
  stripeCustomerId: paymentId.optional(),
  stripeSubscriptionId: paymentId.optional(),
  /** The admin's choice of tier; null returns the member to the automatic one (their subscription's, else the default). */
  tierId: tierChoiceSchema.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

// POST /api/admin/create-user
export const createUserRequestSchema = z.strictObject({
  email: textField("Email required - Please enter an email address")
    .trim()
    .min(1, { error: "Email required - Please enter an email address" })
    .toLowerCase()
    .pipe(z.email({ error: "Invalid email address" }).max(LIMITS.email, { error: "Invalid email address" })),
});
export const createUserResponseSchema = z.object({ user: z.object({ username: z.string() }) });

// POST /api/admin/password
export const changePasswordRequestSchema = z.strictObject({
  password: textField(`Password must be at least ${LIMITS.password.min} characters`)
    .min(LIMITS.password.min, { error: `Password must be at least ${LIMITS.password.min} characters` })
    .max(LIMITS.password.max, { error: `Password must be at most ${LIMITS.password.max} characters` }),
});

// POST /api/admin/check-subscription/{username}
export const subscriptionCheckResultSchema = z.object({ status: z.string(), isActive: z.boolean() });
export type SubscriptionCheckResult = z.infer<typeof subscriptionCheckResultSchema>;

// POST /api/admin/check-all-subscriptions
export const checkAllSubscriptionsResultSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  cancelled: z.number().int(),
  not_found: z.number().int(),
  errors: z.number().int(),
});
export type CheckAllSubscriptionsResult = z.infer<typeof checkAllSubscriptionsResultSchema>;

// POST /api/admin/auto-approve-subscribers
export const autoApproveResultSchema = z.object({ checkedCount: z.number().int(), approvedCount: z.number().int() });

// GET /api/admin/duplicate-users
export const duplicateGroupSchema = z.object({ email: z.string(), duplicates: z.array(adminUserSchema) });
export const duplicateGroupListSchema = z.array(duplicateGroupSchema);

// POST /api/admin/merge-accounts: the two accounts' usernames exactly as stored (they differ only in case or spaces)
export const mergeAccountsRequestSchema = z.strictObject({
  primaryEmail: textField("Primary email is required").min(1, { error: "Primary email is required" }).max(LIMITS.email),
  duplicateEmail: textField("Duplicate email is required").min(1, { error: "Duplicate email is required" }).max(LIMITS.email),
});
export const mergeAccountsResultSchema = z.object({ movedLinks: z.number().int(), movedTokens: z.number().int() });

// POST /api/auth/login-as-user and POST /api/auth/return-to-admin
export const loginAsUserRequestSchema = z.strictObject({ email: emailField("Please enter a valid email address") });
export const loginAsUserResponseSchema = z.object({ email: z.string(), customToken: z.string() });
export const returnToAdminResponseSchema = z.object({ customToken: z.string() });
