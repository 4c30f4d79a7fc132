import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import type { TimeFilter } from "@hub/contract/analytics";
import type { ProgramOutcomes } from "@hub/contract/outcomes";
import { EmptyState } from "@/components/empty-state";
import { LoadErrorAlert } from "@/components/errors/index";
import { PageSpinner } from "@/components/spinners/index";
import { useOutcomeAnalytics } from "../api/get-outcome-analytics";
import { hasOutcomes, outcomeRows, type OutcomeSortColumn } from "../utils/outcome-report";
import type { SortState } from "../utils/table-sort";
import { OutcomesTable } from "./outcomes-table";
import { SectionCard } from "./section-card";

const NO_PROGRAMS: ProgramOutcomes[] = [];

interface OutcomesTabProps {
  range: TimeFilter;
  sort: SortState<OutcomeSortColumn>;
  onSort: (column: OutcomeSortColumn) => void;
}

/** Outcomes: what members recorded of their referrals against the visits their links got. Loaded only when the tab is opened. */
export function OutcomesTab({ range, sort, onSort }: OutcomesTabProps) {
  const reportQuery = useOutcomeAnalytics(range);
  const report = reportQuery.data ?? NO_PROGRAMS;
  const rows = useMemo(() => outcomeRows(report, sort), [report, sort]);

  if (reportQuery.isPending) return <PageSpinner label="Loading the outcomes" />;
  if (reportQuery.isError) {
    return (
      <LoadErrorAlert
        what="the outcomes"
        error={reportQuery.error}
        retrying={reportQuery.isFetching}
        onRetry={() => void reportQuery.refetch()}
      />
    );
  }

  return (
    <SectionCard title="Outcomes by Program">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Sign-ups, paid referrals and claw-backs that members recorded, by the day they happened, against the visits their links got in the
          same range. <strong>Conversion</strong> is paid referrals divided by visits.
        </Typography>
        {hasOutcomes(report) ? (
          <OutcomesTable rows={rows} range={range} sort={sort} onSort={onSort} />
        ) : (
          <EmptyState>No outcomes recorded in this period</EmptyState>
        )}
      </Stack>
    </SectionCard>
  );
}
