import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/** A friendly sentence where a table or chart would have nothing to show. */
export function EmptyState({ children }: { children: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}
