import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { useMemo } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { AnalyticsOverview } from "@hub/contract/analytics";
import { PageLayout } from "@/components/layouts/index";
import { PageSpinner } from "@/components/spinners/index";
import { useAnalyticsOverview } from "../api/get-analytics-overview";
import { analyticsSummary } from "../utils/summary-cards";
import { nextSort } from "../utils/table-sort";
import type { AnalyticsTab, AnalyticsViewState } from "../utils/view-state";
import { LoadErrorAlert } from "@/components/errors/index";
import { FairnessTab } from "./fairness-tab";
import { OutcomesTab } from "./outcomes-tab";
import { OverviewTab } from "./overview-tab";
import { ProgramAnalyticsTab } from "./program-analytics-tab";
import { SummaryCards } from "./summary-cards";
import { TimeRangeSelect } from "./time-range-select";
import { TrafficTab } from "./traffic-tab";
import { useAnalyticsViewState, type UpdateAnalyticsView } from "./use-analytics-view-state";
import { UserAnalyticsTab } from "./user-analytics-tab";

const TABS: { value: AnalyticsTab; label: string }[] = [
  { value: "overview", label: "Overview" },
  { value: "programs", label: "Programs" },
  { value: "users", label: "Users" },
  { value: "fairness", label: "Fairness" },
  { value: "traffic", label: "Traffic" },
  { value: "outcomes", label: "Outcomes" },
];

/**
 * /analytics – clicks per program, per link owner and over time, how fairly each rotation shared them
 * which requests it did not count, and what members recorded of their referrals (admin only). Every
 * figure comes summed by the server for its screen (the Overview's totals and programs, one program's
 * chart and links), so what the page downloads follows the programs, not the clicks.
 */
export function AnalyticsDashboard() {
  const [view, updateView] = useAnalyticsViewState();
  const overviewQuery = useAnalyticsOverview(view.range);

  let content;
  if (overviewQuery.isError) {
    content = (
      <LoadErrorAlert
        what="the analytics"
        error={overviewQuery.error}
        retrying={overviewQuery.isFetching}
        onRetry={() => void overviewQuery.refetch()}
      />
    );
  } else if (overviewQuery.isSuccess) {
    content = <AnalyticsReport view={view} updateView={updateView} overview={overviewQuery.data} />;
  } else {
    content = <PageSpinner label="Loading analytics" />;
  }

  return (
    <PageLayout
      title="Analytics Dashboard"
      subtitle="Comprehensive insights into program and referral performance"
      actions={
        <Button component={RouterLink} to="/admin" variant="outlined" startIcon={<ArrowBackIcon />}>
          Back to Dashboard
        </Button>
      }
    >
      <Stack spacing={3}>
        {/* The range stays on screen while a new range loads, so a slow answer can be switched away from. */}
        <Box>
          <TimeRangeSelect value={view.range} onChange={(range) => updateView({ range })} />
        </Box>
        {content}
      </Stack>
    </PageLayout>
  );
}

interface AnalyticsReportProps {
  view: AnalyticsViewState;
  updateView: UpdateAnalyticsView;
  overview: AnalyticsOverview;
}

function AnalyticsReport({ view, updateView, overview }: AnalyticsReportProps) {
  const summary = useMemo(() => analyticsSummary(overview.totals), [overview]);

  return (
    <Stack spacing={3}>
      <SummaryCards summary={summary} />
      <Box>
        <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
          <Tabs
            value={view.tab}
            onChange={(_, tab: AnalyticsTab) => updateView({ tab })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Analytics sections"
          >
            {TABS.map(({ value, label }) => (
              <Tab key={value} value={value} label={label} id={`analytics-tab-${value}`} aria-controls={`analytics-tabpanel-${value}`} />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`analytics-tabpanel-${view.tab}`} aria-labelledby={`analytics-tab-${view.tab}`}>
          {view.tab === "overview" ? (
            <OverviewTab
              programs={overview.programs}
              sort={view.overviewSort}
              onSort={(column) => updateView((current) => ({ overviewSort: nextSort(current.overviewSort, column) }))}
              onSelectProgram={(programId) => updateView({ programId, tab: "programs" })}
            />
          ) : null}
          {view.tab === "programs" ? (
            <ProgramAnalyticsTab
              programs={overview.programs}
              range={view.range}
              programId={view.programId}
              onSelectProgram={(programId) => updateView({ programId })}
            />
          ) : null}
          {view.tab === "users" ? (
            <UserAnalyticsTab
              range={view.range}
              sort={view.usersSort}
              onSort={(column) => updateView((current) => ({ usersSort: nextSort(current.usersSort, column) }))}
            />
          ) : null}
          {view.tab === "fairness" ? (
            <FairnessTab
              range={view.range}
              sort={view.fairnessSort}
              onSort={(column) => updateView((current) => ({ fairnessSort: nextSort(current.fairnessSort, column) }))}
            />
          ) : null}
          {view.tab === "traffic" ? <TrafficTab range={view.range} /> : null}
          {view.tab === "outcomes" ? (
            <OutcomesTab
              range={view.range}
              sort={view.outcomesSort}
              onSort={(column) => updateView((current) => ({ outcomesSort: nextSort(current.outcomesSort, column) }))}
            />
          ) : null}
        </Box>
      </Box>
    </Stack>
  );
}
