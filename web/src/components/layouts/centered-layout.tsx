import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/** A single card or form centred on the page (login pages, errors, not found). */
export function CenteredLayout({ children, maxWidth = 440 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", px: 2, py: 6, bgcolor: "background.default" }}>
      <Box sx={{ width: "100%", maxWidth }}>{children}</Box>
    </Box>
  );
}
