import { utcDay } from "@hub/contract/dates";
import { isOfferEnded } from "@hub/contract/programs";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import SearchIcon from "@mui/icons-material/Search";
import { lazy, Suspense, useDeferredValue, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { PublicProgram } from "@hub/contract/programs";
import { PlainSkeleton } from "@/components/plain-skeleton/index";
import { LoadErrorAlert } from "@/components/errors/index";
import { PlainTextField } from "@/components/plain-text-field/index";
import { usePublicPrograms } from "../api/get-public-programs";
import {
  countJoined,
  DEFAULT_PUBLIC_PROGRAM_FILTERS,
  filterPublicPrograms,
  type EndedOwnProgram,
  type OwnLinksByProgram,
} from "../utils/public-program-list";
import { PublicProgramCard } from "./public-program-card";

// What only a member sees (their link in each program, the filter) loads for a member only: a
// visitor's phone does not fetch MUI's Switch and Chip for them.
const OnlyMissingSwitch = lazy(() => import("./only-missing-switch"));
const ProgramMembership = lazy(() => import("./program-membership").then((module) => ({ default: module.ProgramMembership })));
const EndedOwnPrograms = lazy(() => import("./ended-own-programs"));

/**
 * Who is looking: a visitor, or a member with their own links by program (undefined while loading)
 * and the programs they have a link in whose offer has ended (not in the open list).
 */
export type Viewer =
  | { kind: "visitor" }
  | { kind: "member"; ownLinks: OwnLinksByProgram | undefined; endedPrograms?: readonly EndedOwnProgram[]; error: Error | null };

interface PublicProgramListProps {
  viewer: Viewer;
  /** The community's name, for the visitor's invitation; undefined if it could not be read. */
  communityName: string | undefined;
}

const GRID_SX = { display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } } as const;

/**
 * Where the cards will be, while the programs (or the session) load. A status, as the dashboard's
 * placeholders are: a plain div may not carry a label (ARIA prohibits it), so none was read out.
 */
export function PublicProgramListSkeleton() {
  return (
    <Box sx={GRID_SX} role="status" aria-busy="true" aria-label="Loading programs">
      {[0, 1, 2, 3].map((key) => (
        <PlainSkeleton key={key} variant="rounded" height={220} />
      ))}
    </Box>
  );
}

/** The open /programs page's content: search, the member's standing, and one card per shared program. */
export function PublicProgramList({ viewer, communityName }: PublicProgramListProps) {
  const programs = usePublicPrograms();
  // The programs' arrival renders as a transition, in short slices: the query's own update is
  // synchronous (one long task for all the cards on a slow phone), and renders the skeleton again.
  const data = useDeferredValue(programs.data);
  const [filters, setFilters] = useState(DEFAULT_PUBLIC_PROGRAM_FILTERS);
  // On the server-rendered page the box works before the app does (public/visitor-island.js hides
  // the cards that do not match): what was typed there meanwhile is in the box, and becomes the
  // search as the app takes the page over. Rendered at once (in the task that commits the
  // hydration), not deferred: the cards the island hid would otherwise show for a moment when it
  // stands down.
  const searchBox = useRef<HTMLInputElement>(null);
  const [typedBefore, setTypedBefore] = useState<string | null>(null);
  useLayoutEffect(() => {
    const typed = searchBox.current?.value;
    if (!typed) return;
    setTypedBefore(typed);
    setFilters((current) => ({ ...current, search: typed }));
  }, []);
  const deferredSearch = useDeferredValue(filters.search);
  const search = filters.search === typedBefore ? typedBefore : deferredSearch;
  const ownLinks = viewer.kind === "member" ? viewer.ownLinks : undefined;
  const shown = useMemo(() => filterPublicPrograms(data ?? [], { ...filters, search }, ownLinks), [data, filters, search, ownLinks]);

  const endedPrograms = viewer.kind === "member" ? (viewer.endedPrograms ?? []) : [];
  const endedSection =
    endedPrograms.length > 0 ? (
      <Suspense fallback={null}>
        <EndedOwnPrograms programs={endedPrograms} />
      </Suspense>
    ) : null;

  if (programs.isError) {
    return (
      <LoadErrorAlert what="the programs" error={programs.error} retrying={programs.isFetching} onRetry={() => void programs.refetch()} />
    );
  }
  if (data === undefined) return <PublicProgramListSkeleton />;
  if (data.length === 0) {
    const empty = (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: "center" }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          No programs are shared yet
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          When a program is shared on the site, its rotation address and QR code appear here.
        </Typography>
        {viewer.kind === "member" ? (
          <Button component={RouterLink} to="/submit" variant="contained" sx={{ mt: 3 }}>
            Submit Link
          </Button>
        ) : null}
      </Paper>
    );
    return endedSection ? (
      <Stack spacing={3}>
        {empty}
        {endedSection}
      </Stack>
    ) : (
      empty
    );
  }

  // The open list leaves ended offers out, but it may be a minute old: the member is not invited to one.
  const today = utcDay(new Date());
  const membershipOf = (program: PublicProgram): ReactNode =>
    ownLinks ? (
      <Suspense fallback={null}>
        <ProgramMembership
          programId={program.id}
          programName={program.name}
          ownLink={ownLinks.get(program.id)}
          ended={isOfferEnded(program.offerEndsOn, today)}
        />
      </Suspense>
    ) : null;

  return (
    <Stack spacing={3}>
      <ViewerBanner viewer={viewer} communityName={communityName} joined={ownLinks ? countJoined(data, ownLinks) : 0} total={data.length} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <PlainTextField
          ref={searchBox}
          data-search=""
          type="search"
          label="Search programs"
          value={filters.search}
          onChange={(event) => {
            setFilters((current) => ({ ...current, search: event.target.value }));
          }}
          size="small"
          sx={{ width: { xs: "100%", sm: 320 } }}
          startAdornment={<SearchIcon fontSize="small" aria-hidden />}
        />
        {ownLinks ? (
          <Suspense fallback={null}>
            <OnlyMissingSwitch
              checked={filters.onlyMissing}
              onChange={(onlyMissing) => {
                setFilters((current) => ({ ...current, onlyMissing }));
              }}
            />
          </Suspense>
        ) : null}
      </Stack>
      {shown.length > 0 ? (
        <Box sx={GRID_SX} data-program-grid="">
          {shown.map((program) => (
            <PublicProgramCard key={program.id} program={program} membership={membershipOf(program)} />
          ))}
        </Box>
      ) : null}
      {/* In the page, hidden, while cards show: the island shows it when its search matches none. */}
      <Paper variant="outlined" hidden={shown.length > 0} data-no-match="" sx={{ p: 3, textAlign: "center" }}>
        {/* The space on the text, and the button as "Back to Home" is: with an sx or a variant of its
            own, the button's CSS would be in the page a second time (3 KB) for a part rarely shown. */}
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {filters.onlyMissing && !filters.search.trim()
            ? "You have a link in every program listed here."
            : "No programs match your search."}
        </Typography>
        <Button
          variant="outlined"
          onClick={() => {
            setFilters(DEFAULT_PUBLIC_PROGRAM_FILTERS);
          }}
        >
          Show all programs
        </Button>
      </Paper>
      {endedSection}
    </Stack>
  );
}

function ViewerBanner({
  viewer,
  communityName,
  joined,
  total,
}: {
  viewer: Viewer;
  communityName: string | undefined;
  joined: number;
  total: number;
}) {
  if (viewer.kind === "visitor") {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/email-login" color="inherit" size="small" sx={{ whiteSpace: "nowrap" }}>
            Member login
          </Button>
        }
      >
        {communityName ? `Member of ${communityName}? ` : "A member? "}Log in to add your own referral link to the rotation.
      </Alert>
    );
  }
  if (viewer.error) {
    return (
      <Alert severity="warning">
        Could not load your links, so this page cannot show where you already have one. {viewer.error.message}
      </Alert>
    );
  }
  if (!viewer.ownLinks) return <PlainSkeleton variant="rounded" height={48} />;
  return (
    <Alert severity={joined === total ? "success" : "info"}>
      {joined === total
        ? `You have a link in every program listed here (${String(total)}).`
        : `You have a link in ${String(joined)} of ${String(total)} programs listed here. Add yours where it is missing.`}
    </Alert>
  );
}
