import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { useMemo } from "react";
import type { ProgramClicksRow } from "@hub/contract/analytics";
import { programSummaryRows, sortProgramRows, type ProgramSortColumn } from "../utils/program-summary";
import type { SortState } from "../utils/table-sort";
import { EmptyState } from "@/components/empty-state";
import { SectionCard } from "./section-card";
import { TopProgramsTable } from "./top-programs-table";

interface OverviewTabProps {
  /** The server's Overview rows: every program's clicks in the range, links and active links. */
  programs: readonly ProgramClicksRow[];
  sort: SortState<ProgramSortColumn>;
  onSort: (column: ProgramSortColumn) => void;
  onSelectProgram: (programId: string) => void;
}

/** Overview: every program's share of the range's clicks. */
export function OverviewTab({ programs, sort, onSort, onSelectProgram }: OverviewTabProps) {
  const rows = useMemo(() => sortProgramRows(programSummaryRows(programs), sort), [programs, sort]);

  return (
    <SectionCard title="Top Programs by Clicks">
      {rows.length === 0 ? (
        <EmptyState>No programs yet. They appear here once members submit links.</EmptyState>
      ) : (
        <Stack spacing={1.5}>
          {/* The table stays: links and active links per program are worth seeing even without clicks. */}
          {rows.every((row) => row.clicks === 0) ? <Alert severity="info">No clicks in this time range yet.</Alert> : null}
          <TopProgramsTable rows={rows} sort={sort} onSort={onSort} onSelectProgram={onSelectProgram} />
        </Stack>
      )}
    </SectionCard>
  );
}
