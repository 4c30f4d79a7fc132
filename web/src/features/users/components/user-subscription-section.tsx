import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import FactCheckOutlinedIcon from "@mui/icons-material/FactCheckOutlined";
import { useId } from "react";
import type { AdminUser } from "@hub/contract/users";
import { FormTextField, type FormFields } from "@/components/forms/index";
import { localDateTime } from "@/lib/dates";
import type { UserSettingsForm } from "../utils/user-settings";
import { SubscriptionChip } from "./user-card";

interface UserSubscriptionSectionProps {
  user: Pick<AdminUser, "subscriptionStatus" | "subscriptionLastChecked">;
  /** The settings dialog's form, whose payment IDs this section edits. */
  form: FormFields<keyof UserSettingsForm>;
  checking: boolean;
  disabled: boolean;
  onCheck: () => void;
}

/** The settings dialog's Subscription section: the payment provider's IDs, the last check and a new check. */
export function UserSubscriptionSection({ user, form, checking, disabled, onCheck }: UserSubscriptionSectionProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Divider />
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Subscription
        </Typography>
        {user.subscriptionStatus ? <SubscriptionChip status={user.subscriptionStatus} /> : null}
      </Stack>
      <FormTextField
        form={form}
        field="stripeCustomerId"
        label="Customer ID"
        hint="The payment provider's customer ID, e.g. cus_…"
        autoComplete="off"
        maxLength={255}
      />
      <FormTextField
        form={form}
        field="stripeSubscriptionId"
        label="Subscription ID"
        hint="The payment provider's subscription ID, e.g. sub_…"
        autoComplete="off"
        maxLength={255}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }} useFlexGap>
        <Typography variant="body2" color="text.secondary">
          Last checked: {localDateTime(user.subscriptionLastChecked) ?? "Never"}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FactCheckOutlinedIcon />}
          loadingPosition="start"
          loading={checking}
          disabled={disabled && !checking}
          onClick={onCheck}
        >
          Check Subscription Status
        </Button>
      </Stack>
    </Stack>
  );
}
