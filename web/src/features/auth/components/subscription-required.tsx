import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import MailOutlineIcon from "@mui/icons-material/EmailOutlined";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Link as RouterLink } from "react-router-dom";
import { MESSAGES } from "@contract/errors";
import { env } from "@/lib/env";
import { buildSupportMailto } from "../utils/support-mailto";
import { AuthCard } from "./auth-card";

/** /subscription-error – where a member without an active subscription lands after a link login. */
export function SubscriptionRequired() {
  return (
    <AuthCard title="Subscription Required">
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography sx={{ fontWeight: 600 }}>{MESSAGES.noActiveSubscription}</Typography>
          <Typography color="text.secondary">
            The Referral Hub is only for paying members of the community. Join the community, or contact support if you
            believe you already have an active membership.
          </Typography>
        </Stack>
        <Stack spacing={1.5}>
          <Button
            variant="contained"
            component="a"
            href={env.joinUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
          >
            Join
          </Button>
          <Button variant="outlined" component="a" href={buildSupportMailto(env.supportEmail)} startIcon={<MailOutlineIcon />}>
            Contact Support
          </Button>
          <Button component={RouterLink} to="/">
            ← Back to Login
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
