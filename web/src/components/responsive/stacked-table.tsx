import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";

/** Hidden on screen, read by a screen reader. Lengths as strings: in `sx` a bare 1 means 100%. */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  border: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/**
 * A table that is a table from `sm` up and a stack of rows below it (a phone), every figure on
 * screen with no sideways scrolling. Below `sm` the table, its row groups, rows and cells become
 * blocks, and its header row is hidden on screen but still read, so a screen reader still hears
 * each cell's column. `rowSx` lays out one row's cells (a grid, a wrapping row, label-value lines).
 *
 * Its parts must carry their roles explicitly (role="table", "rowgroup", "row", "columnheader",
 * "rowheader", "cell"): a browser may drop a table's semantics once its display is no longer a table's.
 */
export function stackedTable(rowSx: (theme: Theme) => Record<string, unknown>): SxProps<Theme> {
  return (theme) => ({
    [theme.breakpoints.down("sm")]: {
      display: "block",
      position: "relative",
      "& > thead": visuallyHidden,
      "& > tbody": { display: "block" },
      // the cells first: the row's own rules (rowSx) for its cells come after, and win
      "& > tbody > tr > td, & > tbody > tr > th": { display: "block", border: 0, p: 0 },
      "& > tbody > tr": { display: "block", ...rowSx(theme) },
    },
  });
}

/**
 * A cell's column name, shown before its value on a phone only, where the header row is off screen.
 * aria-hidden: a screen reader takes the column from the table's header already.
 */
export function CellLabel({ children }: { children: ReactNode }) {
  return (
    <Box component="span" aria-hidden sx={{ display: { xs: "inline", sm: "none" }, color: "text.secondary", fontWeight: 400, mr: 2 }}>
      {children}
    </Box>
  );
}
