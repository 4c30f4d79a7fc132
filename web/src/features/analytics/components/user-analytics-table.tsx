import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import type { UserAnalytics } from "@hub/contract/analytics";
import { SidewaysScroll } from "@/components/responsive/index";
import { formatCount, formatPercent } from "../utils/numbers";
import type { SortState } from "../utils/table-sort";
import type { UserSortColumn } from "../utils/user-analytics";
import { SortableTableHead, type SortableColumn } from "./sortable-table-head";

const COLUMNS: SortableColumn<UserSortColumn>[] = [
  { column: "email", label: "User Email", align: "left" },
  { column: "clicks", label: "Clicks", align: "right" },
  { column: "clickPercentage", label: "% of Clicks", align: "right" },
  { column: "allTimeClicks", label: "All-Time Clicks", align: "right" },
  { column: "allTimePercentage", label: "% of All-Time", align: "right" },
  { column: "activeLinks", label: "Active Links", align: "right" },
];

interface UserAnalyticsTableProps {
  rows: readonly UserAnalytics[];
  sort: SortState<UserSortColumn>;
  onSort: (column: UserSortColumn) => void;
}

/** 'User Analytics': every link owner with something to report, in the chosen order. */
export function UserAnalyticsTable({ rows, sort, onSort }: UserAnalyticsTableProps) {
  return (
    <SidewaysScroll>
      <Table size="small" aria-label="User Analytics" sx={{ minWidth: 640 }}>
        <SortableTableHead columns={COLUMNS} sort={sort} onSort={onSort} />
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.email} hover>
              <TableCell component="th" scope="row" sx={{ minWidth: 180, overflowWrap: "anywhere" }}>
                {row.email}
              </TableCell>
              <TableCell align="right">{formatCount(row.clicks)}</TableCell>
              <TableCell align="right">{formatPercent(row.clickPercentage)}</TableCell>
              <TableCell align="right">{formatCount(row.allTimeClicks)}</TableCell>
              <TableCell align="right">{formatPercent(row.allTimePercentage)}</TableCell>
              <TableCell align="right">{formatCount(row.activeLinks)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}
