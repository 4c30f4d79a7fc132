import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { BULK_LIMIT, type BulkOperation } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import { useBulkUpdateLinks } from "../api/bulk-update-links";
import { bulkToast, type BulkFailure } from "../utils/bulk";
import { DeadNoteDialog } from "./dead-note-dialog";

interface BulkActionBarProps {
  /** The selected links that the filters still show. */
  selectedIds: readonly string[];
  onClear: () => void;
  /** How a link is named in the list of failures (its owner and program). */
  describeLink: (id: string) => string;
}

/** At most this many failures are listed; the rest are counted. */
const LISTED_FAILURES = 20;

/**
 * Approve, Pause, Mark Dead or Test the selection; disabled while nothing is selected. Over 100 go in
 * several requests, with a progress bar and counts meanwhile; afterwards the links that failed are
 * listed with the reason, and stay selected to try again.
 */
export function BulkActionBar({ selectedIds, onClear, describeLink }: BulkActionBarProps) {
  const { toast } = useToast();
  const { mutation: bulk, progress } = useBulkUpdateLinks();
  const [deadDialogOpen, setDeadDialogOpen] = useState(false);
  // named when the answer comes, from the list as it was: a link deleted meanwhile keeps its name here
  const [failures, setFailures] = useState<(BulkFailure & { label: string })[]>([]);
  const count = selectedIds.length;
  const disabled = count === 0 || bulk.isPending;

  const run = (op: BulkOperation, deadNote?: string) => {
    if (selectedIds.length === 0) return;
    setFailures([]);
    bulk.mutate(
      { ids: [...selectedIds], op, deadNote },
      {
        onSuccess: (outcome) => {
          toast(bulkToast(outcome));
          setFailures(outcome.failures.map((failure) => ({ ...failure, label: describeLink(failure.id) })));
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
        <Button
          size="small"
          variant="contained"
          color="success"
          disabled={disabled}
          loading={runningOp === "approve"}
          onClick={() => run("approve")}
        >
          Approve
        </Button>
        <Button size="small" variant="outlined" disabled={disabled} loading={runningOp === "pause"} onClick={() => run("pause")}>
          Pause
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="warning"
          disabled={disabled}
          loading={runningOp === "mark-dead"}
          onClick={() => setDeadDialogOpen(true)}
        >
          Mark Dead
        </Button>
        <Button size="small" variant="outlined" disabled={disabled} loading={runningOp === "test"} onClick={() => run("test")}>
          Test
        </Button>
        <Button size="small" disabled={count === 0 || bulk.isPending} onClick={onClear}>
          Clear selection
        </Button>
      </Stack>
      {progress && progress.total > 0 ? (
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} aria-label="Bulk operation progress" />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {`${String(progress.done)} of ${String(progress.total)} links done`}
          </Typography>
        </Stack>
      ) : null}
      {failures.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 1.5 }} onClose={() => setFailures([])} aria-label="Links that failed">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {failures.length === 1 ? "1 link failed:" : `${String(failures.length)} links failed:`}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {failures.slice(0, LISTED_FAILURES).map((failure) => (
              <li key={failure.id}>
                {failure.label}: {failure.message}
              </li>
            ))}
          </Box>
          {failures.length > LISTED_FAILURES ? (
            <Typography variant="body2">{`and ${String(failures.length - LISTED_FAILURES)} more`}</Typography>
          ) : null}
        </Alert>
      ) : null}
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
