import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useCallback, useMemo, useState } from "react";
import type { Program } from "@hub/contract/programs";
import { PageSpinner } from "@/components/spinners/index";
import { usePrograms } from "../api/get-programs";
import { errorText } from "@/lib/error-text";
import { DEFAULT_PROGRAM_FILTERS, filterPrograms, type ProgramFilters } from "../utils/program-list";
import { DeleteProgramDialog } from "./delete-program-dialog";
import { EditProgramDialog } from "./edit-program-dialog";
import { FilterSwitch } from "@/components/filter-switch";
import { MergeProgramDialog } from "./merge-program-dialog";
import { ProgramCard } from "./program-card";
import type { ProgramDialogAction } from "./program-card-details";

const FILTER_LABELS: { name: keyof ProgramFilters; label: string }[] = [
  { name: "hideApproved", label: "Hide Approved Programs" },
  { name: "linksOnSite", label: "Links on Site" },
];

/** Programs tab: approve, share, set the mode, edit, merge and delete programs. */
export function ProgramsTab() {
  const programsQuery = usePrograms();
  const [filters, setFilters] = useState<ProgramFilters>(DEFAULT_PROGRAM_FILTERS);
  const [dialog, setDialog] = useState<{ kind: ProgramDialogAction; program: Program } | null>(null);

  const programs = programsQuery.data;
  const visible = useMemo(() => filterPrograms(programs ?? [], filters), [programs, filters]);

  const handleFilterChange = useCallback((name: keyof ProgramFilters, checked: boolean) => {
    setFilters((current) => ({ ...current, [name]: checked }));
  }, []);
  const handleDialog = useCallback((kind: ProgramDialogAction, program: Program) => setDialog({ kind, program }), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  if (programsQuery.isPending) return <PageSpinner label="Loading programs" />;
  if (programsQuery.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void programsQuery.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the programs: {errorText(programsQuery.error)}
      </Alert>
    );
  }

  const all = programsQuery.data;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", columnGap: 2 }} role="group" aria-label="Program filters">
          {FILTER_LABELS.map(({ name, label }) => (
            <FilterSwitch key={name} name={name} label={label} checked={filters[name]} onChange={handleFilterChange} />
          ))}
          <Typography color="text.secondary" sx={{ ml: "auto" }} aria-live="polite">
            {visible.length} of {all.length} programs
          </Typography>
        </Stack>
      </Paper>

      {visible.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography color="text.secondary">
            {all.length === 0 ? "No programs yet." : "No programs match the current filters."}
          </Typography>
        </Paper>
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
