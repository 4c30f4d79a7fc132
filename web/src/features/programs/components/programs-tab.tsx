import Stack from "@mui/material/Stack";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
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
  const handleDialog = useCallback((kind: ProgramDialogAction, program: Program) => setDialog({ kind, program }), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  if (programsQuery.isPending) return <PageSpinner label="Loading programs" />;
  if (programsQuery.isError) return <QueryErrorAlert what="the programs" queries={[programsQuery]} />;

  const all = programsQuery.data;
  return (
    <Stack spacing={2}>
      <ShortAddressesNotice programsWithoutSlug={withoutSlug} />
      <DailyTurnButton />
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

      {dialog?.kind === "edit" ? <EditProgramDialog program={dialog.program} onClose={closeDialog} /> : null}
      {dialog?.kind === "merge" ? <MergeProgramDialog program={dialog.program} programs={all} onClose={closeDialog} /> : null}
      {dialog?.kind === "delete" ? <DeleteProgramDialog program={dialog.program} onClose={closeDialog} /> : null}
    </Stack>
  );
}
