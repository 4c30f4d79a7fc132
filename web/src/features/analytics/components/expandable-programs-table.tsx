import Box from "@mui/material/Box";
import Collapse from "@mui/material/Collapse";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowRightIcon from "@mui/icons-material/KeyboardArrowRight";
import { useState, type ReactNode } from "react";
import { SidewaysScroll } from "@/components/responsive/index";
import type { SortState } from "../utils/table-sort";
import { SortableTableHead, type SortableColumn } from "./sortable-table-head";

interface ExpandableProgramsTableProps<R extends { programId: string; name: string }, C extends string> {
  /** The table's accessible name, e.g. 'Fairness by Program'. */
  label: string;
  minWidth: number;
  columns: SortableColumn<C>[];
  rows: readonly R[];
  sort: SortState<C>;
  onSort: (column: C) => void;
  /** Prefixes each opening part's id (see ExpandableProgramRow). */
  idPrefix: string;
  /** A row's cells after the program's name. */
  cells: (row: R) => ReactNode;
  /** What opens under a row: the program's links. */
  links: (row: R) => ReactNode;
}

/** An analytics table of programs (Fairness, Outcomes): sortable columns, each row opening to its links. */
export function ExpandableProgramsTable<R extends { programId: string; name: string }, C extends string>({
  label,
  minWidth,
  columns,
  rows,
  sort,
  onSort,
  idPrefix,
  cells,
  links,
}: ExpandableProgramsTableProps<R, C>) {
  return (
    <SidewaysScroll>
      <Table size="small" aria-label={label} sx={{ minWidth }}>
        <SortableTableHead columns={columns} sort={sort} onSort={onSort} />
        <TableBody>
          {rows.map((row) => (
            <ExpandableProgramRow
              key={row.programId}
              programId={row.programId}
              name={row.name}
              idPrefix={idPrefix}
              columnCount={columns.length}
              cells={cells(row)}
            >
              {links(row)}
            </ExpandableProgramRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}

interface ExpandableProgramRowProps {
  programId: string;
  name: string;
  /** Prefixes the id of the part that opens (`${idPrefix}-${programId}`), which the toggle controls. */
  idPrefix: string;
  /** The table's column count: the opened part spans them all. */
  columnCount: number;
  /** The row's cells after the program's name. */
  cells: ReactNode;
  /** What opens under the row: the program's links. Rendered only while open. */
  children: ReactNode;
}

/** A program's row in an analytics table, with a toggle that opens its links under it (Fairness, Outcomes). */
function ExpandableProgramRow({ programId, name, idPrefix, columnCount, cells, children }: ExpandableProgramRowProps) {
  const [open, setOpen] = useState(false);
  const linksId = `${idPrefix}-${programId}`;
  return (
    <>
      <TableRow hover data-program={programId} sx={{ "& > *": { borderBottom: open ? "unset" : undefined } }}>
        <TableCell component="th" scope="row">
          <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
            <IconButton
              size="small"
              aria-expanded={open}
              aria-controls={linksId}
              aria-label={`${open ? "Hide" : "Show"} links of ${name}`}
              onClick={() => setOpen((current) => !current)}
            >
              {open ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
            </IconButton>
            {name}
          </Box>
        </TableCell>
        {cells}
      </TableRow>
      <TableRow>
        <TableCell colSpan={columnCount} sx={{ py: 0, ...(open ? {} : { borderBottom: "none" }) }}>
          <Collapse in={open} timeout="auto" unmountOnExit id={linksId}>
            <Box sx={{ py: 1.5, pl: { xs: 0, sm: 5 } }}>{children}</Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
