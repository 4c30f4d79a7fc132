import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

/** Full-area spinner for a page or a session that is still loading. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: "grid", placeItems: "center", minHeight: "60vh", width: "100%" }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
