import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import type { OwnLinkStatsResponse } from "@hub/contract/analytics";
import { LoadErrorAlert } from "@/components/errors/index";
import { compareNames } from "@/lib/sorting";
import { useOwnLinkStats } from "../api/get-own-link-stats";
import { MEMBER_TIME_RANGE_OPTIONS, type MemberTimeFilter } from "../utils/time-ranges";
import { OwnLinkStatsCard } from "./own-link-stats-card";
import { TimeRangeSelect } from "./time-range-select";
import { useMemberStatsRange } from "./use-member-stats-range";

/**
 * The member's dashboard: for each of their own links, the visits it got in the chosen range against
 * an equal share of its program's visits, so a member can see that the rotation treated them fairly.
 */
export function OwnLinkStatsSection() {
  const [range, setRange] = useMemberStatsRange();
  const query = useOwnLinkStats(range);

  return (
    <section aria-labelledby="fair-share-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between", mb: 1, flexWrap: "wrap" }} useFlexGap>
        <Typography id="fair-share-heading" variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          Your Fair Share
        </Typography>
        <TimeRangeSelect<MemberTimeFilter> id="fair-share-range" value={range} onChange={setRange} options={MEMBER_TIME_RANGE_OPTIONS} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        An equal share is what your link would get if each {range === "24h" ? "hour's" : "day's"} visits to its program were split evenly
        among the links in its rotation at the time; a link of a higher tier (2× and up) gets that many parts of the split. In balanced mode
        a newly added link gets more than an equal share while it catches up, so its figure runs above 100% for a while.
      </Typography>
      <StatsContent query={query} range={range} />
    </section>
  );
}

function StatsContent({ query, range }: { query: ReturnType<typeof useOwnLinkStats>; range: MemberTimeFilter }) {
  const links = useMemo(() => sortedLinks(query.data), [query.data]);
  const fetchedAt = useMemo(() => new Date(query.dataUpdatedAt), [query.dataUpdatedAt]);

  if (query.isPending) {
    return (
      <Stack spacing={2} role="status" aria-live="polite" aria-label="Loading your fair share">
        {[0, 1].map((index) => (
          <Paper key={index} variant="outlined" sx={{ p: 2 }}>
            <Skeleton variant="text" width="30%" height={32} />
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
          </Paper>
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <LoadErrorAlert what="your fair share" error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  if (links.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: "center" }}>
        <Typography color="text.secondary">
          Once you have a link, its visits and its equal share of its program's visits show here.
        </Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      {links.map((stats) => (
        <OwnLinkStatsCard key={stats.linkId} stats={stats} timeFilter={range} fetchedAt={fetchedAt} />
      ))}
    </Stack>
  );
}

// By program name, as a member finds a program in every other list.
function sortedLinks(data: OwnLinkStatsResponse | undefined) {
  return [...(data?.links ?? [])].sort((a, b) => compareNames(a.programName, b.programName) || a.linkId.localeCompare(b.linkId));
}
