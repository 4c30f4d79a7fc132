import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import type { LinkFairness, TimeFilter } from "@hub/contract/analytics";
import { useProgramFairnessLinks } from "../api/get-fairness-report";
import { formatFairShare } from "../utils/fair-share-sentence";
import {
  formatIndex,
  formatRatio,
  formatWeight,
  missingFigureReason,
  modeLabel,
  sortFairnessLinks,
  type FairnessRow,
  type FairnessSortColumn,
} from "../utils/fairness-report";
import { formatCount } from "../utils/numbers";
import type { SortState } from "../utils/table-sort";
import { FairnessStatus } from "./fairness-status";
import { ExpandableProgramsTable } from "./expandable-programs-table";
import { MissingFigure } from "./missing-figure";
import { OpenedLinks } from "./opened-links";
import type { SortableColumn } from "./sortable-table-head";

const COLUMNS: SortableColumn<FairnessSortColumn>[] = [
  { column: "name", label: "Program Name", align: "left" },
  { column: "standsOut", label: "Status", align: "left" },
  { column: "mode", label: "Mode", align: "left" },
  { column: "visits", label: "Visits", align: "right" },
  { column: "jainIndex", label: "Jain's Index", align: "right" },
  { column: "maxDeviation", label: "Largest Deviation", align: "right" },
];

interface FairnessTableProps {
  rows: readonly FairnessRow[];
  /** The range the rows are of: an opened row asks for its links in the same range. */
  range: TimeFilter;
  sort: SortState<FairnessSortColumn>;
  onSort: (column: FairnessSortColumn) => void;
}

/** 'Fairness by Program': one row per program; each opens to its links against their fair share. */
export function FairnessTable({ rows, range, sort, onSort }: FairnessTableProps) {
  return (
    <ExpandableProgramsTable
      label="Fairness by Program"
      minWidth={680}
      columns={COLUMNS}
      rows={rows}
      sort={sort}
      onSort={onSort}
      idPrefix="fairness-links"
      cells={(row) => (
        <>
          <TableCell>
            <FairnessStatus row={row} />
          </TableCell>
          <TableCell>{modeLabel(row.mode)}</TableCell>
          <TableCell align="right">{formatCount(row.visits)}</TableCell>
          <TableCell align="right">
            {row.jainIndex === null ? <MissingFigure reason={missingFigureReason(row)} /> : formatIndex(row.jainIndex)}
          </TableCell>
          <TableCell align="right">
            {row.maxDeviation === null ? <MissingFigure reason={missingFigureReason(row)} /> : formatIndex(row.maxDeviation)}
          </TableCell>
        </>
      )}
      links={(row) => <ProgramLinks row={row} range={range} />}
    />
  );
}

/** A program's links, asked for when its row opens (the report's rows come without them). */
function ProgramLinks({ row, range }: { row: FairnessRow; range: TimeFilter }) {
  const query = useProgramFairnessLinks(row.programId, range);
  return (
    <OpenedLinks query={query} what={`the links of ${row.name}`}>
      {(links) => <LinksTable name={row.name} links={links} />}
    </OpenedLinks>
  );
}

function LinksTable({ name, links: unsorted }: { name: string; links: readonly LinkFairness[] }) {
  const links = useMemo(() => sortFairnessLinks(unsorted), [unsorted]);
  if (links.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No link had a fair share of this program's visits in this range.
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={`Links of ${name}`}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>E-mail</TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            Weight
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            Visits
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            Fair Share
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            Ratio
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {links.map((link) => (
          <TableRow key={link.linkId}>
            <TableCell sx={{ overflowWrap: "anywhere" }}>{link.email}</TableCell>
            <TableCell align="right">{formatWeight(link.weight)}</TableCell>
            <TableCell align="right">{formatCount(link.visits)}</TableCell>
            <TableCell align="right">{formatFairShare(link.fairShare)}</TableCell>
            <TableCell align="right">
              {link.shareRatio === null ? <MissingFigure reason="no fair share" /> : formatRatio(link.shareRatio)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
