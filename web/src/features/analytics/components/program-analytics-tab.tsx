import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import { lazy, Suspense, useMemo } from "react";
import type { ClickSeries, ProgramClicksRow, SeriesUnit, TimeFilter } from "@hub/contract/analytics";
import { useProgramClickAnalytics } from "../api/get-program-click-analytics";
import { programOptions } from "../utils/program-summary";
import { userPerformanceRows } from "../utils/user-performance";
import { EmptyState } from "@/components/empty-state";
import { LoadErrorAlert } from "@/components/errors/index";
import { PageSpinner } from "@/components/spinners/index";
import { ProgramSelect } from "./program-select";
import { SectionCard } from "./section-card";
import { UserPerformanceTable } from "./user-performance-table";

// The chart library is most of this page's code; only the Programs tab needs it, so it loads on first use.
const DailyClicksChart = lazy(() => import("./daily-clicks-chart").then((module) => ({ default: module.DailyClicksChart })));

/**
 * The longer view a range of 3 months or more draws beside 'Daily Clicks' (the specification's chart,
 * its last 30 days), titled by what one of its points is; the shorter ranges have 'Daily Clicks' alone.
 */
const LONGER_VIEW_TITLES: Partial<Record<SeriesUnit, string>> = {
  week: "Weekly Clicks",
  month: "Monthly Clicks",
};

function ChartFallback() {
  return (
    <Box sx={{ display: "grid", placeItems: "center", height: 300 }}>
      <CircularProgress aria-label="Loading chart" />
    </Box>
  );
}

function ClicksChart({ title, series }: { title: string; series: ClickSeries }) {
  return (
    <SectionCard title={title}>
      <Suspense fallback={<ChartFallback />}>
        <DailyClicksChart series={series} />
      </Suspense>
    </SectionCard>
  );
}

interface ProgramAnalyticsTabProps {
  /** The Overview's rows: the programs that can be chosen are those that still exist. */
  programs: readonly ProgramClicksRow[];
  range: TimeFilter;
  programId: string | null;
  onSelectProgram: (programId: string) => void;
}

/** Programs: one program's clicks over the range and its link owners. */
export function ProgramAnalyticsTab({ programs, range, programId, onSelectProgram }: ProgramAnalyticsTabProps) {
  const options = useMemo(
    () =>
      programOptions(programs.filter((program) => program.listed).map((program) => ({ id: program.programId, name: program.programName }))),
    [programs],
  );
  // An id from an old address that no longer names a program shows the tab with nothing chosen.
  const selected = options.find((option) => option.id === programId) ?? null;

  if (options.length === 0) return <EmptyState>No programs yet, so there is nothing to analyze.</EmptyState>;

  return (
    <Stack spacing={2}>
      <ProgramSelect options={options} value={selected?.id ?? ""} onChange={onSelectProgram} />
      {selected ? <ProgramDetails programId={selected.id} range={range} /> : null}
    </Stack>
  );
}

function ProgramDetails({ programId, range }: { programId: string; range: TimeFilter }) {
  const programQuery = useProgramClickAnalytics(programId, range);
  const links = programQuery.data?.links;
  const rows = useMemo(() => (links ? userPerformanceRows(links) : []), [links]);

  if (programQuery.isError) {
    return (
      <LoadErrorAlert
        what="the program's analytics"
        error={programQuery.error}
        retrying={programQuery.isFetching}
        onRetry={() => void programQuery.refetch()}
      />
    );
  }
  if (!programQuery.isSuccess) return <PageSpinner label="Loading the program's analytics" />;

  const { series, daily } = programQuery.data;
  const longerView = LONGER_VIEW_TITLES[series.unit];
  return (
    <>
      <ClicksChart title="Daily Clicks" series={daily} />
      {longerView ? <ClicksChart title={longerView} series={series} /> : null}
      <SectionCard title="User Performance">
        {rows.length === 0 ? <EmptyState>No links or clicks for this program yet.</EmptyState> : <UserPerformanceTable rows={rows} />}
      </SectionCard>
    </>
  );
}
