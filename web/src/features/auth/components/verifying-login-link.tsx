import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

export function VerifyingLoginLink() {
  return (
    <Stack role="status" aria-live="polite" spacing={2} sx={{ alignItems: "center", py: 3 }}>
      <CircularProgress aria-label="Verifying" />
      <Typography>Verifying your login link…</Typography>
    </Stack>
  );
}
