import Box from "@mui/material/Box";
import { LineChart } from "@mui/x-charts/LineChart";
import { lineClasses } from "@mui/x-charts/LineChart";
import { useMemo } from "react";
import { formatPeriod, formatPeriodInFull, periodUnitNote } from "../utils/dates";
import { formatFairShare, shareName, shareTerm } from "../utils/fair-share-sentence";
import type { FairShareChartData } from "../utils/fair-share-series";
import { useSeriesColors } from "./use-series-colors";

const HEIGHT = 200;

/**
 * One link's visits against its equal share, period by period. The equal share is dashed and the
 * visits carry marks, so the two lines differ by more than their colour. A link of weight 2 is drawn
 * against "your 2× share".
 */
export function FairShareChart({ data, weight = 1 }: { data: FairShareChartData; weight?: number }) {
  const colors = useSeriesColors();
  const { unit, points } = data;
  const { starts, visits, fairShares, description } = useMemo(() => {
    const totalVisits = points.reduce((sum, point) => sum + point.visits, 0);
    const totalShare = points.reduce((sum, point) => sum + point.fairShare, 0);
    const first = points[0];
    const last = points.at(-1);
    return {
      starts: points.map((point) => point.start),
      visits: points.map((point) => point.visits),
      fairShares: points.map((point) => point.fairShare),
      description:
        first && last
          ? `${totalVisits.toLocaleString()} visits against ${shareName(weight)} of ${formatFairShare(totalShare)}, from ${formatPeriodInFull(first.start, unit)} to ${formatPeriodInFull(last.start, unit)} (${periodUnitNote(unit)}).`
          : "No periods to show.",
    };
  }, [points, unit, weight]);

  return (
    <Box sx={{ width: "100%", height: HEIGHT + 40 }}>
      <LineChart
        desc={description}
        height={HEIGHT + 40}
        xAxis={[{ scaleType: "point", data: starts, valueFormatter: (start: string) => formatPeriod(start, unit) }]}
        yAxis={[{ min: 0, width: 36 }]}
        series={[
          {
            id: "visits",
            data: visits,
            label: "Your visits",
            color: colors.primary,
            curve: "linear",
            shape: "circle",
            showMark: starts.length <= 12,
          },
          {
            id: "fairShare",
            data: fairShares,
            label: shareTerm(weight),
            color: colors.secondary,
            curve: "linear",
            showMark: false,
            valueFormatter: (value: number | null) => (value === null ? "" : formatFairShare(value)),
          },
        ]}
        sx={{ [`& .${lineClasses.line}[data-series="fairShare"]`]: { strokeDasharray: "6 4" } }}
        margin={{ left: 0, right: 24 }}
      />
    </Box>
  );
}
