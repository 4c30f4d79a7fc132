import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { BULK_LIMIT, type BulkOperation } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import { useBulkUpdateLinks } from "../api/bulk-update-links";
import { bulkToast } from "../utils/bulk";
import { DeadNoteDialog } from "./dead-note-dialog";

interface BulkActionBarProps {
  /** The selected links that the filters still show. */
  selectedIds: readonly string[];
  onClear: () => void;
}

/** Approve, Pause, Mark Dead or Test the selection; disabled while nothing is selected. Over 100 go in several requests. */
export function BulkActionBar({ selectedIds, onClear }: BulkActionBarProps) {
  const { toast } = useToast();
  const bulk = useBulkUpdateLinks();
  const [deadDialogOpen, setDeadDialogOpen] = useState(false);
  const count = selectedIds.length;
  const disabled = count === 0 || bulk.isPending;

  const run = (op: BulkOperation, deadNote?: string) => {
    if (selectedIds.length === 0) return;
    bulk.mutate(
      { ids: [...selectedIds], op, deadNote },
      {
        onSuccess: (outcome) => {
          toast(bulkToast(outcome));
          if (outcome.failed === 0) onClear();
          setDeadDialogOpen(false);
        },
      },
    );
  };

  const runningOp = bulk.isPending ? bulk.variables.op : undefined;

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="region" aria-label="Bulk actions">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <Typography sx={{ mr: 1 }} aria-live="polite">
          {count === 0 ? "No links selected" : `${String(count)} selected`}
          {count > BULK_LIMIT ? ` (sent in batches of ${String(BULK_LIMIT)})` : ""}
        </Typography>
        <Button size="small" variant="contained" color="success" disabled={disabled} loading={runningOp === "approve"} onClick={() => run("approve")}>
          Approve
        </Button>
        <Button size="small" variant="outlined" disabled={disabled} loading={runningOp === "pause"} onClick={() => run("pause")}>
          Pause
        </Button>
        <Button size="small" variant="outlined" color="warning" disabled={disabled} loading={runningOp === "mark-dead"} onClick={() => setDeadDialogOpen(true)}>
          Mark Dead
        </Button>
        <Button size="small" variant="outlined" disabled={disabled} loading={runningOp === "test"} onClick={() => run("test")}>
          Test
        </Button>
        <Button size="small" disabled={count === 0 || bulk.isPending} onClick={onClear}>
          Clear selection
        </Button>
      </Stack>
      {deadDialogOpen ? (
        <DeadNoteDialog
          title={`Mark ${String(count)} link(s) as dead?`}
          pending={bulk.isPending}
          onSubmit={(note) => run("mark-dead", note)}
          onClose={() => setDeadDialogOpen(false)}
        >
          Each owner is e-mailed that their link is dead, with the note below if you add one.
        </DeadNoteDialog>
      ) : null}
    </Paper>
  );
}
