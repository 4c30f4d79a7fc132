import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";

const MEMBER_DESTINATIONS = [
  { label: "Referral Programs", to: "/programs" },
  { label: "Submit Link", to: "/submit" },
  { label: "My Dashboard", to: "/dashboard" },
] as const;
const ADMIN_DESTINATION = { label: "Admin", to: "/admin" } as const;

interface SignedInActionsProps {
  email: string;
  /** Only admins are offered the admin dashboard: for anyone else it would be a dead end. */
  isAdmin: boolean;
  logoutAction: ReactNode;
}

export function SignedInActions({ email, isAdmin, logoutAction }: SignedInActionsProps) {
  const destinations = isAdmin ? [...MEMBER_DESTINATIONS, ADMIN_DESTINATION] : MEMBER_DESTINATIONS;
  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Welcome back
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          Signed in as {email}
        </Typography>
      </Stack>
      <Stack component="nav" aria-label="Main" spacing={1.5}>
        {destinations.map(({ label, to }, index) => (
          <Button key={to} component={RouterLink} to={to} variant={index === 0 ? "contained" : "outlined"} size="large" fullWidth>
            {label}
          </Button>
        ))}
      </Stack>
      {logoutAction}
    </Stack>
  );
}
