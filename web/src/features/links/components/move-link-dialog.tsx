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
import type { ReferralLink } from "@hub/contract/links";
import type { Program } from "@hub/contract/programs";
import { useToast } from "@/components/toasts/index";
import { useMoveLink } from "../api/move-link";
import { errorText } from "@/lib/error-text";
import { otherPrograms } from "@/lib/sorting";

/** Move a link to another program: the current one is not offered, and Move waits for a choice. */
export function MoveLinkDialog({ link, programs, onClose }: { link: ReferralLink; programs: readonly Program[]; onClose: () => void }) {
  const { toast } = useToast();
  const moveLink = useMoveLink();
  const titleId = useId();
  const labelId = useId();
  const [programId, setProgramId] = useState("");
  const targets = useMemo(() => otherPrograms(programs, link.programId), [programs, link.programId]);

  const handleMove = () => {
    const target = targets.find((program) => program.id === programId);
    if (!target) return;
    moveLink.mutate(
      { id: link.id, programId: target.id },
      {
        onSuccess: () => {
          toast({ title: "Link moved", description: `The link now belongs to ${target.name}` });
          onClose();
        },
        onError: (error) => toast({ title: "Failed to move link", description: errorText(error), variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open onClose={moveLink.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Move link to another program</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Move the link by {link.name} out of {link.programName}.
        </DialogContentText>
        <FormControl fullWidth>
          <InputLabel id={labelId}>Program</InputLabel>
          <Select labelId={labelId} label="Program" value={programId} onChange={(event) => setProgramId(event.target.value)} MenuProps={{ slotProps: { paper: { sx: { maxHeight: 300 } } } }}>
            {targets.map((program) => (
              <MenuItem key={program.id} value={program.id}>
                {program.name}
                {program.approved ? "" : " (Pending Approval)"}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={moveLink.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={programId === ""} loading={moveLink.isPending} onClick={handleMove}>
          Move
        </Button>
      </DialogActions>
    </Dialog>
  );
}
