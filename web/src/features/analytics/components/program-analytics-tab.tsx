import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import { lazy, Suspense, useMemo } from "react";
import type { ClickRecord, TimeFilter } from "@hub/contract/analytics";
import type { ReferralLink } from "@hub/contract/links";
import type { Program } from "@hub/contract/programs";
import { clickSeries } from "../utils/click-counts";
import { programOptions } from "../utils/program-summary";
import { chartPeriods } from "../utils/time-ranges";
import { userPerformanceRows } from "../utils/user-performance";
import { EmptyState } from "@/components/empty-state";
import { ProgramSelect } from "./program-select";
import { SectionCard } from "./section-card";
import { UserPerformanceTable } from "./user-performance-table";

// The chart library is most of this page's code; only the Programs tab needs it, so it loads on first use.
const DailyClicksChart = lazy(() => import("./daily-clicks-chart").then((module) => ({ default: module.DailyClicksChart })));

interface ProgramAnalyticsTabProps {
  programs: readonly Program[];
  links: readonly ReferralLink[];
  records: readonly ClickRecord[];
  range: TimeFilter;
  /** When the records were fetched: the chart ends on that UTC day (hour, for 24h), as the server's window did. */
  fetchedAt: Date;
  programId: string | null;
  onSelectProgram: (programId: string) => void;
}

/** Programs: one program's daily clicks and its link owners. */
export function ProgramAnalyticsTab({ programs, links, records, range, fetchedAt, programId, onSelectProgram }: ProgramAnalyticsTabProps) {
  const options = useMemo(() => programOptions(programs), [programs]);
  // An id from an old address that no longer names a program shows the tab with nothing chosen.
  const selected = options.find((option) => option.id === programId) ?? null;

  if (options.length === 0) return <EmptyState>No programs yet, so there is nothing to analyze.</EmptyState>;

  return (
    <Stack spacing={2}>
      <ProgramSelect options={options} value={selected?.id ?? ""} onChange={onSelectProgram} />
      {selected ? <ProgramDetails programId={selected.id} links={links} records={records} range={range} fetchedAt={fetchedAt} /> : null}
    </Stack>
  );
}

interface ProgramDetailsProps {
  programId: string;
  links: readonly ReferralLink[];
  records: readonly ClickRecord[];
  range: TimeFilter;
  fetchedAt: Date;
}

function ProgramDetails({ programId, links, records, range, fetchedAt }: ProgramDetailsProps) {
  const programRecords = useMemo(() => records.filter((record) => record.programId === programId), [records, programId]);
  const series = useMemo(() => clickSeries(programRecords, chartPeriods(range, fetchedAt)), [programRecords, range, fetchedAt]);
  const rows = useMemo(() => userPerformanceRows(programId, links, programRecords), [programId, links, programRecords]);

  return (
    <>
      <SectionCard title="Daily Clicks">
        <Suspense
          fallback={
            <Box sx={{ display: "grid", placeItems: "center", height: 300 }}>
              <CircularProgress aria-label="Loading chart" />
            </Box>
          }
        >
          <DailyClicksChart series={series} />
        </Suspense>
      </SectionCard>
      <SectionCard title="User Performance">
        {rows.length === 0 ? <EmptyState>No links or clicks for this program yet.</EmptyState> : <UserPerformanceTable rows={rows} />}
      </SectionCard>
    </>
  );
}
