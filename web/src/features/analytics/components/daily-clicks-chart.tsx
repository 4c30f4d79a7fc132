import Box from "@mui/material/Box";
import { LineChart } from "@mui/x-charts/LineChart";
import { useMemo } from "react";
import type { DailyClicks } from "../utils/click-counts";
import { formatChartDay } from "../utils/dates";

/** 'Daily Clicks' of one program: one point per UTC day, 0 on days without clicks. */
export function DailyClicksChart({ series }: { series: readonly DailyClicks[] }) {
  const { days, clicks, peak, description } = useMemo(() => {
    const clicksPerDay = series.map((point) => point.clicks);
    const total = clicksPerDay.reduce((sum, value) => sum + value, 0);
    const first = series[0];
    const last = series.at(-1);
    return {
      days: series.map((point) => point.day),
      clicks: clicksPerDay,
      peak: Math.max(0, ...clicksPerDay),
      description:
        first && last
          ? `${total.toLocaleString()} clicks from ${formatChartDay(first.day)} to ${formatChartDay(last.day)} (UTC days).`
          : "No days to show.",
    };
  }, [series]);

  return (
    <Box sx={{ width: "100%", height: 300 }}>
      <LineChart
        desc={description}
        height={300}
        hideLegend
        xAxis={[{ scaleType: "point", data: days, valueFormatter: (day: string) => formatChartDay(day) }]}
        yAxis={[
          {
            min: 0,
            // With no clicks at all the axis would collapse to a single 0; clicks are whole, so no fractional ticks.
            ...(peak === 0 ? { max: 1 } : {}),
            tickNumber: Math.min(5, Math.max(peak, 1)),
            tickLabelInterval: (value: number) => Number.isInteger(value),
          },
        ]}
        // Straight segments: a smoothed curve would draw clicks between days that had none.
        series={[{ data: clicks, label: "Clicks", curve: "linear", showMark: days.length <= 7 }]}
        margin={{ left: 0, right: 32 }} // room for the last day's label
      />
    </Box>
  );
}
