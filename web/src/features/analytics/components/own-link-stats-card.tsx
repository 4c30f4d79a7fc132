import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { lazy, Suspense, useId, useMemo } from "react";
import type { OwnLinkStats, TimeFilter } from "@hub/contract/analytics";
import { fairShareSentence, formatFairShare, formatShareRatio, shareTerm } from "../utils/fair-share-sentence";
import { fairShareChartData, hasFigures } from "../utils/fair-share-series";
import { programDisplayName } from "../utils/program-summary";

// The chart library is most of the code behind these cards: it loads after the dashboard has drawn.
const FairShareChart = lazy(() => import("./fair-share-chart").then((module) => ({ default: module.FairShareChart })));

interface OwnLinkStatsCardProps {
  stats: OwnLinkStats;
  timeFilter: TimeFilter;
  /** When the figures were fetched: the chart's periods end there, as the server's window did. */
  fetchedAt: Date;
}

/** One of the member's links: the sentence, its three figures and the chart of visits against an equal (or weighted) share. */
export function OwnLinkStatsCard({ stats, timeFilter, fetchedAt }: OwnLinkStatsCardProps) {
  const headingId = useId();
  const chart = useMemo(() => fairShareChartData(stats.series, timeFilter, fetchedAt), [stats.series, timeFilter, fetchedAt]);
  const programName = programDisplayName(stats.programName);

  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {programName}
        </Typography>
        <Typography sx={{ mt: 0.5 }}>{fairShareSentence(stats, timeFilter)}</Typography>
        <Box
          component="dl"
          sx={{
            display: "grid",
            gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
            gap: 1,
            my: 2,
            "& dd": { m: 0, fontWeight: 700, fontSize: "1.25rem" },
          }}
        >
          <Figure term="Your visits" value={stats.visits.toLocaleString()} />
          <Figure term={shareTerm(stats.weight)} value={formatFairShare(stats.fairShare)} />
          <Figure term="Ratio" value={stats.shareRatio === null ? "—" : formatShareRatio(stats.shareRatio)} />
        </Box>
        {hasFigures(chart) ? (
          <Suspense
            fallback={
              <Box sx={{ display: "grid", placeItems: "center", height: 240 }}>
                <CircularProgress aria-label="Loading chart" />
              </Box>
            }
          >
            <FairShareChart data={chart} weight={stats.weight} />
          </Suspense>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Nothing to chart {timeFilter === "all" ? "yet" : "in this range"}: no visits and no share of any.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <dd>{value}</dd>
    </Box>
  );
}
