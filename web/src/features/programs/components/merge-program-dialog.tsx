import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import { useId, useMemo, useState } from "react";
import type { Program } from "@hub/contract/programs";
import { useToast } from "@/components/toasts/index";
import { useMergeProgram } from "../api/merge-program";
import { errorText } from "@/lib/error-text";
import { otherPrograms } from "@/lib/sorting";

/** Merge a program into another: every link moves to the target and this program is deleted. */
export function MergeProgramDialog({ program, programs, onClose }: { program: Program; programs: readonly Program[]; onClose: () => void }) {
  const { toast } = useToast();
  const merge = useMergeProgram();
  const titleId = useId();
  const labelId = useId();
  const [targetId, setTargetId] = useState("");
  const targets = useMemo(() => otherPrograms(programs, program.id), [programs, program.id]);
  const target = targets.find((candidate) => candidate.id === targetId);

  const handleMerge = () => {
    if (!target) return;
    merge.mutate(
      { id: program.id, targetProgramId: target.id },
      {
        onSuccess: ({ movedLinks }) => {
          toast({ title: "Programs merged", description: `${String(movedLinks)} link(s) moved from ${program.name} to ${target.name}` });
          onClose();
        },
        // A 409 MERGE_CONFLICT names the members with a link in both programs.
        onError: (error) => toast({ title: "Merge failed", description: errorText(error), variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open onClose={merge.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Merge {program.name} into…</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          All {program.linkCount} link(s) of {program.name} move to the program you choose, and {program.name} is deleted.
        </DialogContentText>
        <FormControl fullWidth>
          <InputLabel id={labelId}>Target program</InputLabel>
          <Select
            labelId={labelId}
            label="Target program"
            value={targetId}
            onChange={(event) => setTargetId(event.target.value)}
            MenuProps={{ slotProps: { paper: { sx: { maxHeight: 300 } } } }}
          >
            {targets.map((candidate) => (
              <MenuItem key={candidate.id} value={candidate.id}>
                {candidate.name}
                {candidate.approved ? "" : " (Pending Approval)"}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {target ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            Merge {program.name} into {target.name}? This cannot be undone.
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={merge.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="warning" disabled={!target} loading={merge.isPending} onClick={handleMerge}>
          Merge
        </Button>
      </DialogActions>
    </Dialog>
  );
}
