import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import LinkIcon from "@mui/icons-material/Link";

/** Shown while the member's links load. */
export function LinksSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-live="polite" aria-label="Loading your links">
      {[0, 1, 2].map((index) => (
        <Paper key={index} variant="outlined" sx={{ p: 2 }}>
          <Skeleton variant="text" width="40%" height={32} />
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="text" width="90%" />
          <Skeleton variant="rounded" width={160} height={30} sx={{ mt: 1 }} />
        </Paper>
      ))}
    </Stack>
  );
}

export function NoLinks() {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
      <LinkIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
      <Typography sx={{ fontWeight: 600, mt: 1 }}>No links yet</Typography>
      <Typography color="text.secondary">Use 'Submit New Link' to share your first referral link.</Typography>
    </Paper>
  );
}
