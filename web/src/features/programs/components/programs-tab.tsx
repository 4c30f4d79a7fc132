import Stack from "@mui/material/Stack";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { Program } from "@hub/contract/programs";
import { PageSpinner } from "@/components/spinners/index";
import { usePrograms } from "../api/get-programs";
import { DEFAULT_PROGRAM_FILTERS, filterPrograms, type ProgramFilters } from "../utils/program-list";
import { programsWithoutSlug } from "../utils/short-address";
import { DailyTurnButton } from "./daily-turn-button";
import { DeleteProgramDialog } from "./delete-program-dialog";
import { EditProgramDialog } from "./edit-program-dialog";
import { FilterBar } from "@/components/filter-switch";
import { MergeProgramDialog } from "./merge-program-dialog";
import { ProgramCard } from "./program-card";
import { ShortAddressesNotice } from "./short-addresses-notice";
import { TermsCheckButton } from "./terms-check-button";
import { TermsDialog } from "./terms-dialog";
import { TermsReviewNotice } from "./terms-review-notice";
import type { ProgramDialogAction } from "./program-card-details";
import { QueryErrorAlert } from "@/components/errors/index";
import { EmptyState } from "@/components/empty-state";
import { SearchField } from "@/components/search-field/index";
import { searchable, searchItems } from "@/lib/text-search";
import { useFilterParams } from "@/lib/use-filter-params";
import { useSearchQuery } from "@/lib/use-search-query";

const FILTER_LABELS: { name: keyof ProgramFilters; label: string }[] = [
  { name: "hideApproved", label: "Hide Approved Programs" },
  { name: "linksOnSite", label: "Links on Site" },
];

/** Programs tab: approve, share, set the mode, edit, merge and delete programs. */
export function ProgramsTab() {
  const programsQuery = usePrograms();
  // kept in the address beside the search, so a reload or a shared address shows the same list
  const [filters, setFilters] = useFilterParams(DEFAULT_PROGRAM_FILTERS);
  const [dialog, setDialog] = useState<{ kind: ProgramDialogAction; program: Program } | null>(null);

  const [query, setQuery] = useSearchQuery();
  const search = useDeferredValue(query);

  const programs = programsQuery.data;
  const visible = useMemo(
    () => searchItems(filterPrograms(programs ?? [], filters), (p) => searchable(p.name, p.description), search),
    [programs, filters, search],
  );

  const withoutSlug = useMemo(() => programsWithoutSlug(programs ?? []), [programs]);

  const handleFilterChange = useCallback((name: keyof ProgramFilters, checked: boolean) => setFilters({ [name]: checked }), [setFilters]);
  // `terms=<id>` (the address a terms-watch e-mail links to) opens that program's Terms dialog
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedTerms = searchParams.get("terms");
  const handleDialog = useCallback((kind: ProgramDialogAction, program: Program) => setDialog({ kind, program }), []);
  const closeDialog = useCallback(() => {
    setDialog(null);
    if (linkedTerms !== null) {
      setSearchParams(
        (params) => {
          params.delete("terms");
          return params;
        },
        { replace: true },
      );
    }
  }, [linkedTerms, setSearchParams]);
  const linked = linkedTerms !== null ? programs?.find((p) => p.id === linkedTerms) : undefined;
  const open = dialog ?? (linked ? { kind: "terms" as const, program: linked } : null);
  // the dialog shows the program as the list has it now (a review or a rule changes it)
  const openProgram = open ? (programs?.find((p) => p.id === open.program.id) ?? open.program) : null;

  if (programsQuery.isPending) return <PageSpinner label="Loading programs" />;
  if (programsQuery.isError) return <QueryErrorAlert what="the programs" queries={[programsQuery]} />;

  const all = programsQuery.data;
  return (
    <Stack spacing={2}>
      <ShortAddressesNotice programsWithoutSlug={withoutSlug} />
      <TermsReviewNotice programs={all} onOpenTerms={(program) => handleDialog("terms", program)} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        <DailyTurnButton />
        <TermsCheckButton />
      </Stack>
      <SearchField label="Search programs" hint="Program name or description" value={query} onChange={setQuery} />
      <FilterBar
        label="Program filters"
        filters={FILTER_LABELS}
        values={filters}
        onChange={handleFilterChange}
        count={`${String(visible.length)} of ${String(all.length)} programs`}
      />

      {visible.length === 0 ? (
        <EmptyState>
          {all.length === 0
            ? "No programs yet."
            : search.trim()
              ? "No programs match your search and filters."
              : "No programs match the current filters."}
        </EmptyState>
      ) : (
        <Stack spacing={1}>
          {visible.map((program) => (
            <ProgramCard key={program.id} program={program} onDialog={handleDialog} />
          ))}
        </Stack>
      )}

      {open?.kind === "edit" && openProgram ? <EditProgramDialog program={openProgram} onClose={closeDialog} /> : null}
      {open?.kind === "merge" && openProgram ? <MergeProgramDialog program={openProgram} programs={all} onClose={closeDialog} /> : null}
      {open?.kind === "delete" && openProgram ? <DeleteProgramDialog program={openProgram} onClose={closeDialog} /> : null}
      {open?.kind === "terms" && openProgram ? (
        <TermsDialog program={openProgram} onClose={closeDialog} onEditRules={() => handleDialog("edit", openProgram)} />
      ) : null}
    </Stack>
  );
}
