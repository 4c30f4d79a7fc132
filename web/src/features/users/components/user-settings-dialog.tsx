import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import { useId, useState, type ChangeEvent, type SubmitEvent } from "react";
import { updateUserRequestSchema, type AdminUser } from "@hub/contract/users";
import { useToast } from "@/components/toasts/index";
import { useCheckSubscription } from "../api/check-subscription";
import { useUpdateUser } from "../api/update-user";
import { errorText } from "@/lib/error-text";
import { paymentIdChanges, settingsFormFromUser, userUpdateInput, type UserSettingsForm } from "../utils/user-settings";
import { DeleteUserDialog } from "./delete-user-dialog";
import { UserSubscriptionSection } from "./user-subscription-section";

type Field = keyof UserSettingsForm;
type FieldErrors = Partial<Record<Field, string>>;

/** Contract field -> form field, for validation messages. */
const ISSUE_FIELDS: Record<string, Field> = {
  newEmail: "email",
  displayName: "displayName",
  notes: "notes",
  stripeCustomerId: "stripeCustomerId",
  stripeSubscriptionId: "stripeSubscriptionId",
};

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = ISSUE_FIELDS[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

interface UserSettingsDialogProps {
  /** The user as the list has it now: a subscription check refreshes it while the dialog is open. */
  user: AdminUser;
  onClose: () => void;
}

/** The admin's settings for one user: e-mail, name, private notes, payment IDs, subscription check, delete. */
export function UserSettingsDialog({ user, onClose }: UserSettingsDialogProps) {
  const { toast } = useToast();
  const updateUser = useUpdateUser();
  const checkSubscription = useCheckSubscription();
  const titleId = useId();
  const [values, setValues] = useState<UserSettingsForm>(() => settingsFormFromUser(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [checking, setChecking] = useState(false);

  // A subscription check can store new payment IDs (or clear the subscription ID): show what is stored now,
  // so a later save does not write the old ones back.
  const [storedIds, setStoredIds] = useState({ customer: user.stripeCustomerId, subscription: user.stripeSubscriptionId });
  if (storedIds.customer !== user.stripeCustomerId || storedIds.subscription !== user.stripeSubscriptionId) {
    setStoredIds({ customer: user.stripeCustomerId, subscription: user.stripeSubscriptionId });
    setValues((current) => ({ ...current, stripeCustomerId: user.stripeCustomerId ?? "", stripeSubscriptionId: user.stripeSubscriptionId ?? "" }));
  }

  const busy = updateUser.isPending || checking;

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateUserRequestSchema.safeParse(userUpdateInput(user, values));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    updateUser.mutateAsync({ username: user.username, ...parsed.data }).then(
      () => {
        toast({ title: "Success", description: "User settings updated successfully" });
        onClose();
      },
      (error: unknown) => toast({ title: "Error", description: errorText(error), variant: "destructive" }),
    );
  };

  const handleCheckSubscription = async () => {
    // IDs edited here are stored first (only those), so the check asks about them.
    const changes = paymentIdChanges(user, values);
    const parsed = changes ? updateUserRequestSchema.safeParse(changes) : null;
    if (parsed && !parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setChecking(true);
    try {
      if (parsed) await updateUser.mutateAsync({ username: user.username, ...parsed.data });
      const result = await checkSubscription.mutateAsync({ username: user.username });
      toast({ title: "Subscription checked", description: `Status: ${result.status}`, variant: result.isActive ? "default" : "destructive" });
    } catch (error) {
      toast({ title: "Failed to check subscription", description: errorText(error), variant: "destructive" });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>
          User Settings
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block", wordBreak: "break-all" }}>
            {user.email}
          </Typography>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Email"
              type="email"
              value={values.email}
              onChange={change("email")}
              error={Boolean(errors.email)}
              helperText={errors.email}
              required
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <Alert severity="warning">
              Changing the email changes this user&apos;s login email and the email on all of their links.
            </Alert>
            <TextField
              label="Name"
              value={values.displayName}
              onChange={change("displayName")}
              error={Boolean(errors.displayName)}
              helperText={errors.displayName}
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <TextField
              label="Private notes"
              value={values.notes}
              onChange={change("notes")}
              error={Boolean(errors.notes)}
              helperText={errors.notes ?? "Visible only to admins"}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            <UserSubscriptionSection
              user={user}
              customerId={values.stripeCustomerId}
              subscriptionId={values.stripeSubscriptionId}
              customerIdError={errors.stripeCustomerId}
              subscriptionIdError={errors.stripeSubscriptionId}
              onCustomerIdChange={change("stripeCustomerId")}
              onSubscriptionIdChange={change("stripeSubscriptionId")}
              checking={checking}
              disabled={busy}
              onCheck={() => void handleCheckSubscription()}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="error" startIcon={<DeleteOutlinedIcon />} disabled={busy} onClick={() => setConfirmingDelete(true)}>
            Delete User
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={updateUser.isPending && !checking} disabled={checking}>
            Save Changes
          </Button>
        </DialogActions>
      </form>
      <DeleteUserDialog user={user} open={confirmingDelete} onClose={() => setConfirmingDelete(false)} onDeleted={onClose} />
    </Dialog>
  );
}
