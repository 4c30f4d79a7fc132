import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { SidewaysScroll } from "@/components/responsive/index";
import { formatDateAdded } from "../utils/dates";
import { formatCount, formatPercent } from "../utils/numbers";
import type { UserPerformanceRow } from "../utils/user-performance";

const HEADERS: { label: string; align: "left" | "right" }[] = [
  { label: "User", align: "left" },
  { label: "Clicks", align: "right" },
  { label: "% of Program", align: "right" },
  { label: "Active Links", align: "right" },
  { label: "Date Added", align: "right" },
];

/** 'User Performance': the program's link owners, most clicks first. */
export function UserPerformanceTable({ rows }: { rows: readonly UserPerformanceRow[] }) {
  return (
    <SidewaysScroll>
      <Table size="small" aria-label="User Performance" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            {HEADERS.map(({ label, align }) => (
              <TableCell key={label} align={align} sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.email} hover>
              <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                {row.name ? <Typography variant="body2">{row.name}</Typography> : null}
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                  {row.email}
                </Typography>
              </TableCell>
              <TableCell align="right">{formatCount(row.clicks)}</TableCell>
              <TableCell align="right">{formatPercent(row.percentage)}</TableCell>
              <TableCell align="right">{formatCount(row.activeLinks)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {formatDateAdded(row.addedAt)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}
