import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import MailOutlineIcon from "@mui/icons-material/EmailOutlined";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Link as RouterLink } from "react-router-dom";
import { hubNameOf } from "@hub/contract/texts";
import { MESSAGES } from "@hub/contract/texts";
import { PageSpinner } from "@/components/spinners/index";
import { useCommunity } from "@/lib/community";
import { buildSupportMailto } from "../utils/support-mailto";
import { AuthCard } from "./auth-card";

/** /subscription-error – where a member without an active subscription lands after a link login. */
export function SubscriptionRequired() {
  const { data: community, isPending } = useCommunity();
  if (isPending) return <PageSpinner />;
  return (
    <AuthCard title="Subscription Required">
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography sx={{ fontWeight: 600 }}>{MESSAGES.noActiveSubscription}</Typography>
          <Typography color="text.secondary">
            {community
              ? `The ${hubNameOf(community)} is only for paying members of ${community.name}. Join ${community.name}, or contact support if you believe you already have an active membership.`
              : "The Referral Hub is only for paying members of the community."}
          </Typography>
        </Stack>
        <Stack spacing={1.5}>
          {/* Without the community's details there is nowhere to send the member but back. */}
          {community ? (
            <>
              <Button
                variant="contained"
                component="a"
                href={community.joinUrl}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNewIcon />}
              >
                Join
              </Button>
              <Button variant="outlined" component="a" href={buildSupportMailto(community)} startIcon={<MailOutlineIcon />}>
                Contact Support
              </Button>
            </>
          ) : null}
          <Button component={RouterLink} to="/">
            ← Back to Login
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
