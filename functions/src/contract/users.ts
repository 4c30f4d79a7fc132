import { z } from "zod";

export const SUBSCRIPTION_STATUSES = ["active", "trialing", "canceled", "cancelled", "past_due", "unpaid", "not_found"] as const;
/** Statuses that let a member in. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;

export function isActiveSubscriptionStatus(status: string | null | undefined): boolean {
  return (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status ?? "");
}

// GET /api/user, and the answer of POST /api/login and /api/register
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
  approved: z.boolean(),
  blocked: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  impersonatedBy: z.string().nullable(),
});
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
});
export type Profile = z.infer<typeof profileSchema>;
