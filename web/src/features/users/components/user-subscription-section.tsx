import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import FactCheckOutlinedIcon from "@mui/icons-material/FactCheckOutlined";
import { useId, type ChangeEvent } from "react";
import type { AdminUser } from "@hub/contract/users";
import { localDateTime } from "@/lib/dates";
import { SubscriptionChip } from "./user-card";

type InputChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;

interface UserSubscriptionSectionProps {
  user: Pick<AdminUser, "subscriptionStatus" | "subscriptionLastChecked">;
  customerId: string;
  subscriptionId: string;
  customerIdError: string | undefined;
  subscriptionIdError: string | undefined;
  onCustomerIdChange: InputChange;
  onSubscriptionIdChange: InputChange;
  checking: boolean;
  disabled: boolean;
  onCheck: () => void;
}

/** The settings dialog's Subscription section: the payment provider's IDs, the last check and a new check. */
export function UserSubscriptionSection(props: UserSubscriptionSectionProps) {
  const { user, customerId, subscriptionId, customerIdError, subscriptionIdError, checking, disabled, onCheck } = props;
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
      <TextField
        label="Customer ID"
        value={customerId}
        onChange={props.onCustomerIdChange}
        error={Boolean(customerIdError)}
        helperText={customerIdError ?? "The payment provider's customer ID, e.g. cus_…"}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        label="Subscription ID"
        value={subscriptionId}
        onChange={props.onSubscriptionIdChange}
        error={Boolean(subscriptionIdError)}
        helperText={subscriptionIdError ?? "The payment provider's subscription ID, e.g. sub_…"}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 255 } }}
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
