import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { SidewaysScroll } from "@/components/responsive/index";
import { formatCount, formatOneDecimal, formatPercent } from "../utils/numbers";
import type { ProgramSortColumn, ProgramSummaryRow } from "../utils/program-summary";
import type { SortState } from "../utils/table-sort";
import { SortableTableHead, type SortableColumn } from "./sortable-table-head";

const COLUMNS: SortableColumn<ProgramSortColumn>[] = [
  { column: "name", label: "Program Name", align: "left" },
  { column: "clicks", label: "Clicks", align: "right" },
  { column: "percentage", label: "% of Total", align: "right" },
  { column: "activeLinks", label: "Active Links", align: "right" },
  { column: "avgClicksPerLink", label: "Avg Clicks/Link", align: "right" },
];

interface TopProgramsTableProps {
  rows: readonly ProgramSummaryRow[];
  sort: SortState<ProgramSortColumn>;
  onSort: (column: ProgramSortColumn) => void;
  onSelectProgram: (programId: string) => void;
}

/** 'Top Programs by Clicks': one row per program; a program's name opens it in the Programs tab. */
export function TopProgramsTable({ rows, sort, onSort, onSelectProgram }: TopProgramsTableProps) {
  return (
    <SidewaysScroll>
      <Table size="small" aria-label="Top Programs by Clicks" sx={{ minWidth: 560 }}>
        <SortableTableHead columns={COLUMNS} sort={sort} onSort={onSort} />
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.programId} hover>
              <TableCell component="th" scope="row">
                {row.listed ? (
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    onClick={() => onSelectProgram(row.programId)}
                    sx={{ textAlign: "left" }}
                  >
                    {row.name}
                  </Link>
                ) : (
                  row.name
                )}
              </TableCell>
              <TableCell align="right">{formatCount(row.clicks)}</TableCell>
              <TableCell align="right">{formatPercent(row.percentage)}</TableCell>
              <TableCell align="right">{formatCount(row.activeLinks)}</TableCell>
              <TableCell align="right">{formatOneDecimal(row.avgClicksPerLink)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}
