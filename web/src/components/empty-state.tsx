import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** What a list, table or chart says when it has nothing to show (none yet, or none that match the filters). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}
