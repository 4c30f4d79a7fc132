import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { tierLabel } from "@hub/contract/tiers";
import { useOwnTier } from "../api/tiers";

/**
 * The member's own tier and weight, near the top of their dashboard: "Your tier: Gold · 2× share".
 * Only their own (their profile's); nothing about anyone else's. Nothing shows until it has loaded,
 * nor when it could not be (the dashboard works without it).
 */
export function OwnTier() {
  const tier = useOwnTier();
  const labelId = useId();
  if (!tier.data) return null;
  return (
    <Stack
      role="group"
      aria-labelledby={labelId}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: "center", flexWrap: "wrap", mt: 1, minWidth: 0 }}
    >
      <Typography id={labelId} component="span" variant="body2" color="text.secondary">
        Your tier
      </Typography>
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        label={tierLabel({ name: tier.data.tierName, weight: tier.data.weight })}
        // a long tier name wraps on a phone instead of running off the screen
        sx={{ maxWidth: "100%", height: "auto", "& .MuiChip-label": { whiteSpace: "normal", overflowWrap: "anywhere", py: 0.25 } }}
      />
    </Stack>
  );
}
