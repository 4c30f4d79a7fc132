import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import type { TimeFilter } from "@hub/contract/analytics";
import { useProgramOutcomeLinks, type OutcomeLink } from "../api/get-outcome-analytics";
import { formatCount } from "../utils/numbers";
import { formatConversion, ownerLabel, sortOutcomeLinks, type OutcomeRow, type OutcomeSortColumn } from "../utils/outcome-report";
import type { SortState } from "../utils/table-sort";
import { ExpandableProgramsTable } from "./expandable-programs-table";
import { MissingFigure } from "./missing-figure";
import { OpenedLinks } from "./opened-links";
import type { SortableColumn } from "./sortable-table-head";

const COLUMNS: SortableColumn<OutcomeSortColumn>[] = [
  { column: "name", label: "Program Name", align: "left" },
  { column: "visits", label: "Visits", align: "right" },
  { column: "signedUp", label: "Signed Up", align: "right" },
  { column: "paid", label: "Paid", align: "right" },
  { column: "clawedBack", label: "Clawed Back", align: "right" },
  { column: "conversion", label: "Conversion", align: "right" },
];

interface OutcomesTableProps {
  rows: readonly OutcomeRow[];
  /** The range the rows are of: an opened row asks for its links in the same range. */
  range: TimeFilter;
  sort: SortState<OutcomeSortColumn>;
  onSort: (column: OutcomeSortColumn) => void;
}

/** "—" and why, for a conversion without visits. */
const Conversion = ({ value }: { value: number | null }) =>
  value === null ? <MissingFigure reason="no visits in this range" /> : <>{formatConversion(value)}</>;

/** 'Outcomes by Program': one row per program; each opens to its links. */
export function OutcomesTable({ rows, range, sort, onSort }: OutcomesTableProps) {
  return (
    <ExpandableProgramsTable
      label="Outcomes by Program"
      minWidth={640}
      columns={COLUMNS}
      rows={rows}
      sort={sort}
      onSort={onSort}
      idPrefix="outcome-links"
      cells={(row) => (
        <>
          <TableCell align="right">{formatCount(row.visits)}</TableCell>
          <TableCell align="right">{formatCount(row.signedUp)}</TableCell>
          <TableCell align="right">{formatCount(row.paid)}</TableCell>
          <TableCell align="right">{formatCount(row.clawedBack)}</TableCell>
          <TableCell align="right">
            <Conversion value={row.conversion} />
          </TableCell>
        </>
      )}
      links={(row) => <ProgramLinks row={row} range={range} />}
    />
  );
}

/** A program's links, asked for when its row opens (the report's rows come without them). */
function ProgramLinks({ row, range }: { row: OutcomeRow; range: TimeFilter }) {
  const query = useProgramOutcomeLinks(row.programId, range);
  return (
    <OpenedLinks query={query} what={`the links of ${row.name}`}>
      {(links) => <LinksTable name={row.name} links={links} />}
    </OpenedLinks>
  );
}

function LinksTable({ name, links: unsorted }: { name: string; links: readonly OutcomeLink[] }) {
  const links = useMemo(() => sortOutcomeLinks(unsorted), [unsorted]);
  if (links.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No link of this program had visits or outcomes in this range.
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={`Links of ${name}`}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Owner</TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            Visits
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            Paid
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            Conversion
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {links.map((link) => (
          <TableRow key={link.linkId} data-link={link.linkId}>
            <TableCell sx={{ overflowWrap: "anywhere", ...(link.email ? {} : { color: "text.secondary", fontStyle: "italic" }) }}>
              {ownerLabel(link.email)}
            </TableCell>
            <TableCell align="right">{formatCount(link.visits)}</TableCell>
            <TableCell align="right">{formatCount(link.paid)}</TableCell>
            <TableCell align="right">
              <Conversion value={link.conversion} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
