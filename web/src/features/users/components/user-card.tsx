import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import SettingsOutlinedIcon from "@mui/icons-material/SettingsOutlined";
import { memo, useId } from "react";
import type { AdminUser } from "@hub/contract/users";
import { localDate } from "@/lib/dates";
import { subscriptionTone } from "../utils/user-list";
import { TIER_SOURCE_CAPTIONS } from "../utils/user-tier";
import { UserCardDetails, type UserDialogAction } from "./user-card-details";

interface UserCardProps {
  user: AdminUser;
  /** The name of the user's tier (its id while the tiers load). */
  tierName: string;
  onDialog: (action: UserDialogAction, user: AdminUser) => void;
  onLogInAsUser: (email: string) => Promise<void>;
}

/**
 * A user as a collapsible card: status at a glance and the settings button on the row (spec: "a small
 * settings button on a user row"), details and the other actions inside. The button sits beside the
 * summary, not in it: a button inside the summary's own button would be a control inside a control.
 * The summary is the user's heading: an h2, the level under the page's h1 (MUI's default h3 skipped a
 * level), with the subscription section's h3 inside.
 */
export const UserCard = memo(function UserCard({ user, tierName, onDialog, onLogInAsUser }: UserCardProps) {
  const id = useId();
  const created = localDate(user.createdAt);
  return (
    <Accordion disableGutters variant="outlined" slots={{ heading: "h2" }} slotProps={{ transition: { unmountOnExit: true } }}>
      {/* the Accordion's first child is its summary row: the summary and the settings button */}
      <Box sx={{ display: "flex", alignItems: "center" }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", width: "100%", pr: 1 }}>
            <Typography component="span" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
              {user.email}
            </Typography>
            {user.displayName ? (
              <Typography component="span" color="text.secondary" sx={{ mr: 1 }}>
                {user.displayName}
              </Typography>
            ) : null}
            {user.isAdmin ? <Chip size="small" color="primary" label="Admin" /> : null}
            {user.approved ? (
              <Chip size="small" color="success" label="Approved" />
            ) : (
              <Chip size="small" color="warning" label="Pending approval" />
            )}
            {user.blocked ? <Chip size="small" color="error" label="Blocked" /> : null}
            {user.subscriptionStatus ? <SubscriptionChip status={user.subscriptionStatus} /> : null}
            <UserTier name={tierName} source={user.tierSource} />
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: "auto" }}>
              {user.linkCount} link{user.linkCount === 1 ? "" : "s"}
              {created ? ` · joined ${created}` : ""}
            </Typography>
          </Stack>
        </AccordionSummary>
        <Tooltip title="User settings">
          <IconButton aria-label={`User settings for ${user.email}`} onClick={() => onDialog("settings", user)} sx={{ mr: 1 }}>
            <SettingsOutlinedIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <AccordionDetails id={`${id}-content`} aria-labelledby={`${id}-header`}>
        <UserCardDetails user={user} tierName={tierName} onDialog={onDialog} onLogInAsUser={onLogInAsUser} />
      </AccordionDetails>
    </Accordion>
  );
});

export function SubscriptionChip({ status }: { status: string }) {
  return <Chip size="small" variant="outlined" color={subscriptionTone(status)} label={`Subscription: ${status}`} />;
}

/** The user's tier on their row: its name, and where it comes from in small type under it. */
function UserTier({ name, source }: { name: string; source: AdminUser["tierSource"] }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", flexDirection: "column", lineHeight: 1.25, minWidth: 0 }}>
      <Typography component="span" variant="body2" sx={{ lineHeight: "inherit", overflowWrap: "anywhere" }}>
        <Box component="span" sx={{ color: "text.secondary" }}>
          Tier{" "}
        </Box>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {name}
        </Box>
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ lineHeight: "inherit" }}>
        {TIER_SOURCE_CAPTIONS[source]}
      </Typography>
    </Box>
  );
}
