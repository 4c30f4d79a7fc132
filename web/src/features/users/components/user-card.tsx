import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { memo, useId } from "react";
import type { AdminUser } from "@hub/contract/users";
import { localDate } from "@/lib/dates";
import { subscriptionTone } from "../utils/user-list";
import { UserCardDetails, type UserDialogAction } from "./user-card-details";

interface UserCardProps {
  user: AdminUser;
  onDialog: (action: UserDialogAction, user: AdminUser) => void;
  onLogInAsUser: (email: string) => Promise<void>;
}

/** A user as a collapsible card: status at a glance, details and actions inside. */
export const UserCard = memo(function UserCard({ user, onDialog, onLogInAsUser }: UserCardProps) {
  const id = useId();
  const created = localDate(user.createdAt);
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
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
          {user.approved ? <Chip size="small" color="success" label="Approved" /> : <Chip size="small" color="warning" label="Pending approval" />}
          {user.blocked ? <Chip size="small" color="error" label="Blocked" /> : null}
          {user.subscriptionStatus ? <SubscriptionChip status={user.subscriptionStatus} /> : null}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: "auto" }}>
            {user.linkCount} link{user.linkCount === 1 ? "" : "s"}
            {created ? ` · joined ${created}` : ""}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`} aria-labelledby={`${id}-header`}>
        <UserCardDetails user={user} onDialog={onDialog} onLogInAsUser={onLogInAsUser} />
      </AccordionDetails>
    </Accordion>
  );
});

export function SubscriptionChip({ status }: { status: string }) {
  return <Chip size="small" variant="outlined" color={subscriptionTone(status)} label={`Subscription: ${status}`} />;
}
