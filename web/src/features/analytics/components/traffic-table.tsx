import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { SidewaysScroll } from "@/components/responsive/index";
import { formatCount } from "../utils/numbers";
import { formatShare, standsOutReason, type TrafficRow } from "../utils/traffic-report";
import { MissingFigure } from "./missing-figure";
import { StandsOutChip } from "./stands-out-chip";

const FIGURES: { label: string; value: (row: TrafficRow) => number }[] = [
  { label: "Requests", value: (row) => row.requests },
  { label: "Counted", value: (row) => row.counted },
  { label: "Bot", value: (row) => row.notCounted.bot },
  { label: "Repeat Visitor", value: (row) => row.notCounted.repeatVisitor },
  { label: "Repeat Address", value: (row) => row.notCounted.repeatAddress },
  { label: "Unavailable", value: (row) => row.notCounted.unavailable },
];

/** 'Traffic by Program': one row per program; one that stands out says why under its name. */
export function TrafficTable({ rows }: { rows: readonly TrafficRow[] }) {
  return (
    <SidewaysScroll>
      <Table size="small" aria-label="Traffic by Program" sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Program Name</TableCell>
            {FIGURES.map(({ label }) => (
              <TableCell key={label} align="right" sx={{ fontWeight: 600 }}>
                {label}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              Filtered Share
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow hover key={row.programId} data-program={row.programId}>
              <TableCell component="th" scope="row" sx={{ maxWidth: 320 }}>
                {row.name}
                {row.standsOut ? (
                  <Box sx={{ mt: 0.5, display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.5 }}>
                    <StandsOutChip />
                    <Typography variant="body2" color="text.secondary">
                      {standsOutReason(row)}
                    </Typography>
                  </Box>
                ) : null}
              </TableCell>
              {FIGURES.map(({ label, value }) => (
                <TableCell key={label} align="right">
                  {formatCount(value(row))}
                </TableCell>
              ))}
              <TableCell align="right">
                {row.filteredShare === null ? <MissingFigure reason="no requests" /> : formatShare(row.filteredShare)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}
