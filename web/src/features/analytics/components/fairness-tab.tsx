import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { useMemo } from "react";
import { FAIRNESS_THRESHOLDS, type ProgramFairness, type TimeFilter } from "@hub/contract/analytics";
import { LoadErrorAlert } from "@/components/errors/index";
import { PageSpinner } from "@/components/spinners/index";
import { useFairnessReport } from "../api/get-fairness-report";
import { fairnessRows, type FairnessSortColumn } from "../utils/fairness-report";
import type { SortState } from "../utils/table-sort";
import { EmptyState } from "@/components/empty-state";
import { FairnessTable } from "./fairness-table";
import { SectionCard } from "./section-card";

const NO_PROGRAMS: ProgramFairness[] = [];

interface FairnessTabProps {
  range: TimeFilter;
  sort: SortState<FairnessSortColumn>;
  onSort: (column: FairnessSortColumn) => void;
}

/** Fairness: whether each program's rotation shared its visits evenly. Loaded only when the tab is opened. */
export function FairnessTab({ range, sort, onSort }: FairnessTabProps) {
  const reportQuery = useFairnessReport(range);
  const report = reportQuery.data ?? NO_PROGRAMS;
  const rows = useMemo(() => fairnessRows(report, sort), [report, sort]);

  if (reportQuery.isPending) return <PageSpinner label="Loading the fairness report" />;
  if (reportQuery.isError) {
    return (
      <LoadErrorAlert
        what="the fairness report"
        error={reportQuery.error}
        retrying={reportQuery.isFetching}
        onRetry={() => void reportQuery.refetch()}
      />
    );
  }

  return (
    <SectionCard title="Fairness by Program">
      <Stack spacing={2}>
        <FairnessExplanation hourly={range === "24h"} />
        {rows.length === 0 ? (
          <EmptyState>No programs with links in the rotation yet.</EmptyState>
        ) : (
          <FairnessTable rows={rows} range={range} sort={sort} onSort={onSort} />
        )}
      </Stack>
    </SectionCard>
  );
}

/** What the numbers mean, short enough to read before the table. */
function FairnessExplanation({ hourly }: { hourly: boolean }) {
  const period = hourly ? "hour" : "day";
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, color: "text.secondary", "& li": { typography: "body2", mb: 0.5 } }}>
      <li>
        <strong>Fair share</strong>: a link's part of its program's visits, worked out {period} by {period}: the {period}'s visits times the
        link's weight, divided by the sum of the weights of the links then in the rotation, added up over the range (with every weight 1, an
        equal part). A link's <strong>weight</strong> is its owner's tier weight now. Its <strong>ratio</strong> is its visits divided by
        its fair share.
      </li>
      <li>
        <strong>Jain's index</strong>: 1 means every link got exactly its fair share; the lower it is, the less even the split.
      </li>
      <li>
        <strong>Largest deviation</strong>: how far the furthest link is from its fair share (0.25 = 25% more or fewer visits), among links
        whose fair share is at least 1 visit.
      </li>
      <li>
        A program <strong>stands out</strong> when its Jain's index is below {FAIRNESS_THRESHOLDS.jainIndex} or its largest deviation is
        above {FAIRNESS_THRESHOLDS.maxDeviation.toFixed(2)}. In balanced mode a newly added link gets more than its share while it catches
        up, so its ratio runs above 1 and the program can stand out for a while without anything being wrong.
      </li>
    </Box>
  );
}
