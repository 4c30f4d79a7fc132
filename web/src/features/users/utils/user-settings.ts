import type { AdminUser, UpdateUserRequest } from "@hub/contract/users";

/** What the user-settings dialog edits, as the text in its fields. */
export interface UserSettingsForm {
  email: string;
  displayName: string;
  notes: string;
  stripeCustomerId: string;
  stripeSubscriptionId: string;
}

type SettingsUser = Pick<AdminUser, "email" | "displayName" | "notes" | "stripeCustomerId" | "stripeSubscriptionId">;
type PaymentIds = Pick<UpdateUserRequest, "stripeCustomerId" | "stripeSubscriptionId">;

export function settingsFormFromUser(user: SettingsUser): UserSettingsForm {
  return {
    email: user.email,
    displayName: user.displayName ?? "",
    notes: user.notes ?? "",
    stripeCustomerId: user.stripeCustomerId ?? "",
    stripeSubscriptionId: user.stripeSubscriptionId ?? "",
  };
}

/** E-mails are compared and sent trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An empty payment-provider ID is sent as null. */
export function paymentIdOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * The 'Save Changes' body, before the contract schema checks it: name, notes and both payment IDs
 * always; the new e-mail only when it differs from the current one once normalised.
 */
export function userUpdateInput(user: SettingsUser, form: UserSettingsForm): UpdateUserRequest {
  const email = normalizeEmail(form.email);
  return {
    displayName: form.displayName,
    notes: form.notes,
    ...(email !== normalizeEmail(user.email) ? { newEmail: email } : {}),
    stripeCustomerId: paymentIdOrNull(form.stripeCustomerId),
    stripeSubscriptionId: paymentIdOrNull(form.stripeSubscriptionId),
  };
}

/**
 * The payment IDs to store before a subscription check: only the ones edited in the dialog, or null
 * when none were. A new customer ID clears the subscription ID unless that was edited too, since the
 * old subscription belongs to the old customer.
 */
export function paymentIdChanges(user: SettingsUser, form: UserSettingsForm): PaymentIds | null {
  const customer = paymentIdOrNull(form.stripeCustomerId);
  const subscription = paymentIdOrNull(form.stripeSubscriptionId);
  const customerChanged = customer !== user.stripeCustomerId;
  const subscriptionChanged = subscription !== user.stripeSubscriptionId;
  if (!customerChanged && !subscriptionChanged) return null;
  return {
    ...(customerChanged ? { stripeCustomerId: customer } : {}),
    ...(subscriptionChanged ? { stripeSubscriptionId: subscription } : customerChanged ? { stripeSubscriptionId: null } : {}),
  };
}
