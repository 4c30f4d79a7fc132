import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import type { AnalyticsSummary } from "../utils/summary-cards";
import { formatCount } from "../utils/numbers";

function SummaryCard({ title, value, detail }: { title: string; value: number; detail?: ReactNode }) {
  return (
    // A named group lets a reader (or a test) find a total by its title.
    <Card variant="outlined" role="group" aria-label={title}>
      <CardContent>
        <Typography variant="body2" component="h2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, mt: 1, fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {formatCount(value)}
        </Typography>
        {detail ? (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The four totals above the tabs; on narrow screens they wrap to two per row. */
export function SummaryCards({ summary }: { summary: AnalyticsSummary }) {
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" } }}>
      <SummaryCard title="Total Programs" value={summary.totalPrograms} />
      <SummaryCard title="Total Links" value={summary.totalLinks} detail={`${formatCount(summary.activeLinks)} active`} />
      <SummaryCard title="Total Clicks" value={summary.totalClicks} />
      <SummaryCard title="Avg. Clicks per Link" value={summary.avgClicksPerLink} />
    </Box>
  );
}
