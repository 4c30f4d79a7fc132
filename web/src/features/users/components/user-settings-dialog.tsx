import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { TierSettings } from "@hub/contract/tiers";
import { updateUserRequestSchema, type AdminUser, type UpdateUserRequest } from "@hub/contract/users";
import { FormDialog, FormTextField, SelectField, useFormFields } from "@/components/forms/index";
import { errorText } from "@/lib/error-text";
import { failureToast, useToastMutation } from "@/components/toasts/index";
import { needsFreshSignIn, WrongCurrentPasswordError } from "@/lib/reauthenticate";
import { useCheckSubscription } from "../api/check-subscription";
import { useUpdateUser } from "../api/update-user";
import { paymentIdChanges, settingsFormFromUser, userUpdateInput, type UserSettingsForm } from "../utils/user-settings";
import { TIER_SOURCE_CAPTIONS, tierChange, tierChoiceOf, tierNameOf, tierOptions } from "../utils/user-tier";
import { DeleteUserDialog } from "./delete-user-dialog";
import { UserSubscriptionSection } from "./user-subscription-section";

/** Request field -> form field, where the two differ. */
const FIELD_OF = { newEmail: "email" } as const satisfies Partial<Record<string, keyof UserSettingsForm>>;

interface UserSettingsDialogProps {
  /** The user as the list has it now: a subscription check refreshes it while the dialog is open. */
  user: AdminUser;
  /** The membership tiers (from the tiers feature), for the Tier select. */
  tiersQuery: UseQueryResult<TierSettings>;
  onClose: () => void;
}

/** The admin's settings for one user: e-mail, name, private notes, tier, payment IDs, subscription check, delete. */
export function UserSettingsDialog({ user, tiersQuery, onClose }: UserSettingsDialogProps) {
  const updateUser = useUpdateUser({
    success: { title: "Success", description: "User settings updated successfully" },
    // the first refusal for want of a fresh sign-in asks for the password in the dialog, and a wrong
    // password is said under its field: neither is a toast
    error: (err, variables) =>
      err instanceof WrongCurrentPasswordError || (needsFreshSignIn(err) && variables.currentPassword === undefined)
        ? null
        : failureToast("Error", err),
  });
  // 'Check Subscription Status' stores IDs edited here first (only those), so the check asks about
  // them: one or two requests, one toast.
  const storeIds = useUpdateUser({ error: () => null });
  const checkSubscription = useCheckSubscription({ error: () => null });
  const check = useToastMutation({
    mutationFn: async (ids: UpdateUserRequest | null) => {
      if (ids) await storeIds.mutateAsync({ username: user.username, ...ids });
      return checkSubscription.mutateAsync({ username: user.username });
    },
    success: (result) => ({
      title: "Subscription checked",
      description: `Status: ${result.status}`,
      variant: result.isActive ? "default" : "destructive",
    }),
    error: "Failed to check subscription",
  });
  const form = useFormFields<keyof UserSettingsForm>(() => settingsFormFromUser(user));
  // Changing an administrator's e-mail needs a fresh password sign-in: asked for once the server says so.
  const [passwordNeeded, setPasswordNeeded] = useState(false);
  const reauth = useFormFields({ currentPassword: "" });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // the admin's choice of tier, or Automatic: sent only when changed
  const [tierChoice, setTierChoice] = useState(() => tierChoiceOf(user));
  const checking = check.isPending;

  // A subscription check can store new payment IDs (or clear the subscription ID): show what is stored now,
  // so a later save does not write the old ones back.
  const [storedIds, setStoredIds] = useState({ customer: user.stripeCustomerId, subscription: user.stripeSubscriptionId });
  if (storedIds.customer !== user.stripeCustomerId || storedIds.subscription !== user.stripeSubscriptionId) {
    setStoredIds({ customer: user.stripeCustomerId, subscription: user.stripeSubscriptionId });
    form.setValues((current) => ({
      ...current,
      stripeCustomerId: user.stripeCustomerId ?? "",
      stripeSubscriptionId: user.stripeSubscriptionId ?? "",
    }));
  }

  const busy = updateUser.isPending || checking;

  const handleSubmit = () => {
    const parsed = form.parse(
      updateUserRequestSchema,
      { ...userUpdateInput(user, form.values), ...tierChange(user, tierChoice) },
      FIELD_OF,
    );
    if (!parsed) return;
    const { currentPassword } = reauth.values;
    if (passwordNeeded && !currentPassword) {
      reauth.setErrors({ currentPassword: "Enter your current password" });
      return;
    }
    updateUser.mutate(
      { username: user.username, ...parsed, ...(passwordNeeded ? { currentPassword } : {}) },
      {
        onSuccess: onClose,
        onError: (err) => {
          if (err instanceof WrongCurrentPasswordError) reauth.setErrors({ currentPassword: err.message });
          else if (needsFreshSignIn(err)) setPasswordNeeded(true);
        },
      },
    );
  };

  const handleCheckSubscription = () => {
    const changes = paymentIdChanges(user, form.values);
    const ids = changes ? form.parse(updateUserRequestSchema, changes, FIELD_OF) : null;
    if (ids !== undefined) check.mutate(ids);
  };

  return (
    <FormDialog
      title={
        <>
          User Settings
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block", wordBreak: "break-all" }}>
            {user.email}
          </Typography>
        </>
      }
      submitLabel="Save Changes"
      pending={busy}
      submitLoading={updateUser.isPending && !checking}
      submitDisabled={checking}
      onSubmit={handleSubmit}
      onClose={onClose}
      startActions={
        <Button color="error" startIcon={<DeleteOutlinedIcon />} disabled={busy} onClick={() => setConfirmingDelete(true)}>
          Delete User
        </Button>
      }
      after={<DeleteUserDialog user={user} open={confirmingDelete} onClose={() => setConfirmingDelete(false)} onDeleted={onClose} />}
    >
      <FormTextField form={form} field="email" label="Email" type="email" required autoComplete="off" maxLength={255} />
      <Alert severity="warning">Changing the email changes this user&apos;s login email and the email on all of their links.</Alert>
      {passwordNeeded ? (
        <>
          <Alert severity="info">
            Please sign in again to change an administrator&apos;s e-mail: enter your current password to confirm.
          </Alert>
          <FormTextField
            form={reauth}
            field="currentPassword"
            label="Your current password"
            type="password"
            required
            autoFocus
            autoComplete="current-password"
          />
        </>
      ) : null}
      <FormTextField form={form} field="displayName" label="Name" autoComplete="off" maxLength={255} />
      <FormTextField form={form} field="notes" label="Private notes" hint="Visible only to admins" multiline minRows={3} maxLength={5000} />
      <TierSelect user={user} tiersQuery={tiersQuery} value={tierChoice} onChange={setTierChoice} />
      <UserSubscriptionSection user={user} form={form} checking={checking} disabled={busy} onCheck={handleCheckSubscription} />
    </FormDialog>
  );
}

interface TierSelectProps {
  user: AdminUser;
  tiersQuery: UseQueryResult<TierSettings>;
  value: string;
  onChange: (value: string) => void;
}

/** The user's tier: Automatic (their subscription's tier, else the default) or a tier the admin chooses. */
function TierSelect({ user, tiersQuery, value, onChange }: TierSelectProps) {
  const hintId = useId();
  const tiers = tiersQuery.data?.tiers;
  return (
    <Box>
      <SelectField label="Tier" value={value} options={tierOptions(tiers, user)} onChange={onChange} describedBy={hintId} />
      <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, mx: 1.75 }}>
        {tiersQuery.isError
          ? `The tiers could not be loaded: ${errorText(tiersQuery.error)}`
          : `Now: ${tierNameOf(user.tierId, tiers)} (${TIER_SOURCE_CAPTIONS[user.tierSource]}). Automatic: the tier of their Stripe subscription's price, else the default tier.`}
      </Typography>
    </Box>
  );
}
