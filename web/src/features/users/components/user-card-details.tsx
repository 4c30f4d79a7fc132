import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import BlockIcon from "@mui/icons-material/Block";
import LoginIcon from "@mui/icons-material/Login";
import type { ReactNode } from "react";
import { tierLabel } from "@hub/contract/tiers";
import type { AdminUser } from "@hub/contract/users";
import { useToastMutation } from "@/components/toasts/index";
import { useApproveUser } from "../api/approve-user";
import { useUnblockUser } from "../api/unblock-user";
import { localDateTime } from "@/lib/dates";
import { TIER_SOURCE_CAPTIONS } from "../utils/user-tier";

export type UserDialogAction = "settings" | "block";

interface UserCardDetailsProps {
  user: AdminUser;
  /** The name of the user's tier (its id while the tiers load). */
  tierName: string;
  onDialog: (action: UserDialogAction, user: AdminUser) => void;
  onLogInAsUser: (email: string) => Promise<void>;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: "break-word", whiteSpace: "pre-line" }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What an open user card shows, and its actions. Mounted only while the card is open. */
export function UserCardDetails({ user, tierName, onDialog, onLogInAsUser }: UserCardDetailsProps) {
  // Approving or unblocking usually filters this card out of the list, unmounting it before the
  // request settles: the toasts belong to the mutations, which outlive it.
  const approve = useApproveUser({
    success: { title: "User approved", description: `${user.email} can now use the hub` },
    error: "Failed to approve user",
  });
  const unblock = useUnblockUser({
    // unpaused, not necessarily in rotation: a lapsed subscription or a link's own state may still hold one out
    success: { title: "User unblocked", description: `${user.email}'s links paused by the block are unpaused` },
    error: "Failed to unblock user",
  });
  const logIn = useToastMutation({ mutationFn: onLogInAsUser, error: "Failed to log in as user" });
  // On success the page moves to /dashboard; the button keeps spinning until it does.
  const loggingIn = logIn.isPending || logIn.isSuccess;

  const handleApprove = () => approve.mutate({ username: user.username });
  const handleUnblock = () => unblock.mutate({ username: user.username });
  const handleLogInAsUser = () => logIn.mutate(user.email);

  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
        }}
      >
        <Detail label="Name">{user.displayName ?? "Not set"}</Detail>
        <Detail label="Username">{user.username}</Detail>
        <Detail label="Created">{localDateTime(user.createdAt) ?? "Unknown"}</Detail>
        <Detail label="Subscription status">{user.subscriptionStatus ?? "Not checked"}</Detail>
        <Detail label="Subscription last checked">{localDateTime(user.subscriptionLastChecked) ?? "Never"}</Detail>
        <Detail label="Account">{user.createdByAdmin ? "Created by an admin" : "Signed up with a subscription"}</Detail>
        <Detail label="Tier">
          {tierLabel({ name: tierName, weight: user.weight })} ({TIER_SOURCE_CAPTIONS[user.tierSource]})
        </Detail>
      </Box>
      {user.notes ? <Detail label="Private notes (admins only)">{user.notes}</Detail> : null}

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        {!user.approved ? (
          <Button variant="contained" color="success" loading={approve.isPending} onClick={handleApprove}>
            Approve
          </Button>
        ) : null}
        {user.blocked ? (
          <Button variant="outlined" loading={unblock.isPending} onClick={handleUnblock}>
            Unblock
          </Button>
        ) : (
          <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => onDialog("block", user)}>
            Block
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<LoginIcon />}
          loadingPosition="start"
          loading={loggingIn}
          // Admins cannot be impersonated, and a blocked user's session is refused.
          disabled={user.isAdmin || user.blocked}
          onClick={handleLogInAsUser}
        >
          Log in as user
        </Button>
      </Stack>
    </Stack>
  );
}
