import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";

/** A titled block of a tab (a table or the chart); the title names the region for assistive technology. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
