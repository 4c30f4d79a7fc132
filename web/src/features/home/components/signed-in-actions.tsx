import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";

const DESTINATIONS = [
  { label: "Referral Programs", to: "/programs" },
  { label: "Submit Link", to: "/submit" },
  { label: "My Dashboard", to: "/dashboard" },
  { label: "Admin", to: "/admin" },
] as const;

export function SignedInActions({ logoutAction }: { logoutAction: ReactNode }) {
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Welcome back
      </Typography>
      <Stack component="nav" aria-label="Main" spacing={1.5}>
        {DESTINATIONS.map(({ label, to }, index) => (
          <Button key={to} component={RouterLink} to={to} variant={index === 0 ? "contained" : "outlined"} size="large" fullWidth>
            {label}
          </Button>
        ))}
      </Stack>
      {logoutAction}
    </Stack>
  );
}
