import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { useMemo } from "react";
import { TRAFFIC_THRESHOLDS, type ProgramTraffic, type TimeFilter } from "@hub/contract/analytics";
import { EmptyState } from "@/components/empty-state";
import { LoadErrorAlert } from "@/components/errors/index";
import { PageSpinner } from "@/components/spinners/index";
import { useTrafficReport } from "../api/get-traffic-report";
import { formatShare, trafficRows } from "../utils/traffic-report";
import { SectionCard } from "./section-card";
import { TrafficTable } from "./traffic-table";

const NO_PROGRAMS: ProgramTraffic[] = [];

/** Traffic: every request to each program's rotation address, counted or not and why. Loaded only when the tab is opened. */
export function TrafficTab({ range }: { range: TimeFilter }) {
  const reportQuery = useTrafficReport(range);
  const report = reportQuery.data ?? NO_PROGRAMS;
  const rows = useMemo(() => trafficRows(report), [report]);

  if (reportQuery.isPending) return <PageSpinner label="Loading the traffic report" />;
  if (reportQuery.isError) {
    return (
      <LoadErrorAlert
        what="the traffic report"
        error={reportQuery.error}
        retrying={reportQuery.isFetching}
        onRetry={() => void reportQuery.refetch()}
      />
    );
  }

  return (
    <SectionCard title="Traffic by Program">
      <Stack spacing={2}>
        <TrafficExplanation />
        {rows.length === 0 ? (
          <EmptyState>No requests to any program's rotation address in this range.</EmptyState>
        ) : (
          <TrafficTable rows={rows} />
        )}
      </Stack>
    </SectionCard>
  );
}

/** What the columns mean, short enough to read before the table. */
function TrafficExplanation() {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, color: "text.secondary", "& li": { typography: "body2", mb: 0.5 } }}>
      <li>
        <strong>Requests</strong>: every visit to the program's rotation address. Each one is answered, but only some are{" "}
        <strong>counted</strong> as visits (what fair shares and members' figures are made of).
      </li>
      <li>
        Not counted: <strong>bot</strong> (bots, link previews and prefetches), <strong>repeat visitor</strong> (the same visitor again in
        the same clock hour), <strong>repeat address</strong> (the same internet address again in the same clock hour) and{" "}
        <strong>unavailable</strong> (the program had no active link).
      </li>
      <li>
        <strong>Filtered share</strong>: the repeats' share of all requests. A program <strong>stands out</strong> when over{" "}
        {formatShare(TRAFFIC_THRESHOLDS.filteredShare)} of at least {TRAFFIC_THRESHOLDS.minRequests} requests were repeats: someone may be
        pumping it.
      </li>
    </Box>
  );
}
