import Box from "@mui/material/Box";
import { LineChart } from "@mui/x-charts/LineChart";
import { useMemo } from "react";
import type { ClickSeries } from "@hub/contract/analytics";
import { formatPeriod, formatPeriodInFull, periodUnitNote } from "../utils/dates";
import { useSeriesColors } from "./use-series-colors";

/** One program's clicks over the range: one point per hour, UTC day, week or month (as the server bucketed them), 0 where there were none. */
export function DailyClicksChart({ series }: { series: ClickSeries }) {
  const { unit, points } = series;
  const colors = useSeriesColors();
  const { starts, clicks, peak, description } = useMemo(() => {
    const clicksPerPeriod = points.map((point) => point.clicks);
    const total = clicksPerPeriod.reduce((sum, value) => sum + value, 0);
    const first = points[0];
    const last = points.at(-1);
    return {
      starts: points.map((point) => point.start),
      clicks: clicksPerPeriod,
      peak: Math.max(0, ...clicksPerPeriod),
      description:
        first && last
          ? `${total.toLocaleString()} clicks from ${formatPeriodInFull(first.start, unit)} to ${formatPeriodInFull(last.start, unit)} (${periodUnitNote(unit)}).`
          : "No days to show.",
    };
  }, [points, unit]);

  return (
    <Box sx={{ width: "100%", height: 300 }}>
      <LineChart
        desc={description}
        height={300}
        hideLegend
        xAxis={[{ scaleType: "point", data: starts, valueFormatter: (start: string) => formatPeriod(start, unit) }]}
        yAxis={[
          {
            min: 0,
            // With no clicks at all the axis would collapse to a single 0; clicks are whole, so no fractional ticks.
            ...(peak === 0 ? { max: 1 } : {}),
            tickNumber: Math.min(5, Math.max(peak, 1)),
            tickLabelInterval: (value: number) => Number.isInteger(value),
          },
        ]}
        // Straight segments: a smoothed curve would draw clicks between periods that had none.
        series={[{ data: clicks, label: "Clicks", color: colors.primary, curve: "linear", showMark: starts.length <= 7 }]}
        margin={{ left: 0, right: 32 }} // room for the last period's label
      />
    </Box>
  );
}
