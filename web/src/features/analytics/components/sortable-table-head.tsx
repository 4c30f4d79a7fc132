import TableCell from "@mui/material/TableCell";
import TableSortLabel from "@mui/material/TableSortLabel";
import type { SortState } from "../utils/table-sort";
import { NEW_COLUMN_DIRECTION } from "../utils/table-sort";

interface SortableHeaderCellProps<C extends string> {
  column: C;
  label: string;
  sort: SortState<C>;
  onSort: (column: C) => void;
  align?: "left" | "right";
}

/** A column header that sorts its table; aria-sort tells screen readers which column is in use and how. */
export function SortableHeaderCell<C extends string>({ column, label, sort, onSort, align = "left" }: SortableHeaderCellProps<C>) {
  const active = sort.column === column;
  return (
    <TableCell align={align} sortDirection={active ? sort.direction : false} sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>
      {/* An inactive arrow points the way the first click will sort. */}
      <TableSortLabel active={active} direction={active ? sort.direction : NEW_COLUMN_DIRECTION} onClick={() => onSort(column)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
