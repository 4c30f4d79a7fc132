import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import type { SortState } from "../utils/table-sort";
import { NEW_COLUMN_DIRECTION } from "../utils/table-sort";

export interface SortableColumn<C extends string> {
  column: C;
  label: string;
  align: "left" | "right";
}

interface SortableTableHeadProps<C extends string> {
  columns: readonly SortableColumn<C>[];
  sort: SortState<C>;
  onSort: (column: C) => void;
}

/** A table's header row whose every column sorts it; aria-sort tells screen readers which column is in use and how. */
export function SortableTableHead<C extends string>({ columns, sort, onSort }: SortableTableHeadProps<C>) {
  return (
    <TableHead>
      <TableRow>
        {columns.map(({ column, label, align }) => {
          const active = sort.column === column;
          return (
            <TableCell
              key={column}
              align={align}
              sortDirection={active ? sort.direction : false}
              sx={{ whiteSpace: "nowrap", fontWeight: 600 }}
            >
              {/* An inactive arrow points the way the first click will sort. */}
              <TableSortLabel active={active} direction={active ? sort.direction : NEW_COLUMN_DIRECTION} onClick={() => onSort(column)}>
                {label}
              </TableSortLabel>
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
