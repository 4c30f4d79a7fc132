import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import { useState } from "react";
import type { Earnings, Outcome } from "@hub/contract/outcomes";
import { LoadErrorAlert } from "@/components/errors/index";
import { ConfirmDialog, SelectField } from "@/components/forms/index";
import { CellLabel, stackedTable, visuallyHidden } from "@/components/responsive/index";
import { useDeleteOwnOutcome } from "../api/delete-own-outcome";
import { useExportOwnOutcomes } from "../api/export-own-outcomes";
import { useOwnOutcomes } from "../api/get-own-outcomes";
import { earningsYears, formatEntryDay, formatMoney, OUTCOME_KIND_LABELS } from "../utils/earnings";
import { useLastNonNull } from "./use-last-non-null";

/**
 * The member's Earnings: what they recorded in a year (entries, newest first), totals per currency
 * with the net, counts, and the year as CSV for their tax records.
 */
export function EarningsSection() {
  const years = earningsYears(new Date().getUTCFullYear());
  const [year, setYear] = useState(years[0] ?? new Date().getUTCFullYear());
  const query = useOwnOutcomes(year);
  const exportCsv = useExportOwnOutcomes({ error: "Download failed" });
  const [deleting, setDeleting] = useState<Outcome | null>(null);

  return (
    <section aria-labelledby="earnings-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between", mb: 2, flexWrap: "wrap" }} useFlexGap>
        <Typography id="earnings-heading" variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          Earnings
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Box sx={{ width: 120 }}>
            <SelectField
              label="Year"
              value={String(year)}
              options={years.map((y) => ({ value: String(y), label: String(y) }))}
              onChange={(value) => setYear(Number(value))}
            />
          </Box>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
            loadingPosition="start"
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ year })}
          >
            Download CSV
          </Button>
        </Stack>
      </Stack>
      <EarningsContent year={year} query={query} onDelete={setDeleting} />
      <DeleteOutcomeDialog
        outcome={deleting}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </section>
  );
}

interface EarningsContentProps {
  year: number;
  query: ReturnType<typeof useOwnOutcomes>;
  onDelete: (outcome: Outcome) => void;
}

function EarningsContent({ year, query, onDelete }: EarningsContentProps) {
  if (query.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-live="polite" aria-label="Loading your earnings">
        <Skeleton variant="text" width="40%" height={32} />
        <Skeleton variant="rounded" height={120} sx={{ mt: 1 }} />
      </Paper>
    );
  }
  if (query.isError) {
    return <LoadErrorAlert what="your earnings" error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  // keepPreviousData: the year before's figures stay while the chosen one loads; say which is shown.
  const earnings = query.data;
  if (earnings.entries.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
        <Typography sx={{ fontWeight: 600 }}>No outcomes recorded in {earnings.year} yet</Typography>
        <Typography color="text.secondary">
          When a referral through one of your links signs up, pays or is clawed back, use 'Record outcome' on that link.
        </Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2} sx={{ opacity: earnings.year === year ? 1 : 0.6 }} aria-busy={earnings.year !== year}>
      <EarningsTotals earnings={earnings} />
      <EntriesTable earnings={earnings} onDelete={onDelete} />
    </Stack>
  );
}

function EarningsTotals({ earnings }: { earnings: Earnings }) {
  const { totals } = earnings;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
        Totals for {earnings.year}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: totals.byCurrency.length > 0 ? 1 : 0 }}>
        Signed up: {totals.signedUp} · Paid: {totals.paid} · Clawed back: {totals.clawedBack}
      </Typography>
      {totals.byCurrency.length > 0 ? (
        // Focusable: should a figure ever be wider than its column, a keyboard can scroll the table. On a
        // phone it is one block per currency, each figure on a line of its own: nothing to scroll.
        <TableContainer tabIndex={0} role="region" aria-label="Totals table">
          <Table role="table" size="small" aria-label={`Totals per currency for ${String(earnings.year)}`} sx={totalsLayout}>
            <TableHead role="rowgroup">
              <TableRow role="row">
                <TableCell role="columnheader">Currency</TableCell>
                <TableCell role="columnheader" align="right">
                  Paid
                </TableCell>
                <TableCell role="columnheader" align="right">
                  Clawed back
                </TableCell>
                <TableCell role="columnheader" align="right">
                  Net
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody role="rowgroup">
              {totals.byCurrency.map((row) => (
                <TableRow key={row.currency} role="row">
                  <TableCell component="th" scope="row" role="rowheader">
                    {row.currency}
                  </TableCell>
                  <TableCell role="cell" align="right">
                    <CellLabel>Paid</CellLabel>
                    {formatMoney(row.paid, row.currency)}
                  </TableCell>
                  <TableCell role="cell" align="right">
                    <CellLabel>Clawed back</CellLabel>
                    {formatMoney(row.clawedBack, row.currency)}
                  </TableCell>
                  <TableCell role="cell" align="right" sx={{ fontWeight: 600 }}>
                    <CellLabel>Net</CellLabel>
                    {formatMoney(row.net, row.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}

/**
 * On a phone, one block per currency: its code, then Paid, Clawed back and Net on a line each, the
 * label at the start and the figure at the end, so the largest figure has the screen's width (four
 * columns side by side cut Net at the screen's edge).
 */
const totalsLayout = stackedTable((theme) => ({
  border: 1,
  borderColor: theme.vars.palette.divider,
  borderRadius: 1,
  px: 1.5,
  py: 1,
  "& + tr": { mt: 1 },
  "& > th": { fontWeight: 600, mb: 0.5 },
  // (row: a right-aligned MUI cell is row-reverse)
  "& > td": {
    display: "flex",
    flexDirection: "row",
    flexWrap: "wrap",
    justifyContent: "space-between",
    alignItems: "baseline",
    columnGap: 2,
    py: 0.25,
  },
}));

function EntriesTable({ earnings, onDelete }: { earnings: Earnings; onDelete: (outcome: Outcome) => void }) {
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Entries table">
      <Table role="table" size="small" aria-label={`Outcomes recorded in ${String(earnings.year)}`} sx={entriesLayout}>
        <TableHead role="rowgroup">
          <TableRow role="row">
            <TableCell role="columnheader">Date</TableCell>
            <TableCell role="columnheader">Program</TableCell>
            <TableCell role="columnheader">Outcome</TableCell>
            <TableCell role="columnheader" align="right">
              Amount
            </TableCell>
            <TableCell role="columnheader">Note</TableCell>
            {/* Relative: the hidden label's containing block, so it stays inside the scrolling table. */}
            <TableCell role="columnheader" sx={{ position: "relative" }}>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {earnings.entries.map((entry) => (
            <TableRow key={entry.id} role="row">
              <TableCell role="cell" data-cell="date" sx={{ whiteSpace: "nowrap" }}>
                {formatEntryDay(entry.occurredOn)}
              </TableCell>
              <TableCell role="cell" data-cell="program">
                {entry.programName}
              </TableCell>
              <TableCell role="cell" data-cell="kind" sx={{ whiteSpace: "nowrap" }}>
                {OUTCOME_KIND_LABELS[entry.kind]}
              </TableCell>
              <TableCell role="cell" data-cell="amount" align="right" sx={{ whiteSpace: "nowrap" }}>
                {entry.amount !== null && entry.currency ? formatMoney(entry.amount, entry.currency) : "—"}
              </TableCell>
              <TableCell role="cell" data-cell="note" sx={{ overflowWrap: "anywhere", minWidth: 120 }}>
                {entry.note ?? ""}
              </TableCell>
              <TableCell role="cell" data-cell="actions" padding="checkbox">
                <IconButton size="small" aria-label={`Delete outcome: ${describeOutcome(entry)}`} onClick={() => onDelete(entry)}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * On a phone, one block per entry: the program first (wrapping at the screen's width, not in a
 * narrow column), Delete beside it; then the day, the outcome and the amount, which goes down a line
 * should the three not fit; then the note across the whole width.
 */
const entriesLayout = stackedTable((theme) => ({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  columnGap: theme.spacing(1.5),
  rowGap: theme.spacing(0.5),
  px: 2,
  py: 1.5,
  "&:not(:last-of-type)": { borderBottom: 1, borderColor: theme.vars.palette.divider },
  "& > [data-cell=program]": { order: 1, flex: "1 1 calc(100% - 56px)", minWidth: 0, fontWeight: 600, overflowWrap: "anywhere" },
  "& > [data-cell=actions]": { order: 2, flex: "0 0 auto", width: "auto", p: 0, my: -0.5, mr: -1 },
  "& > [data-cell=date]": { order: 3 },
  // a dot between the day and the outcome, on screen only (its alternative text is empty)
  "& > [data-cell=kind]": { order: 4, "&::before": { content: '"· " / ""' } },
  "& > [data-cell=amount]": { order: 5, ml: "auto", fontWeight: 600 },
  "& > [data-cell=note]": {
    order: 6,
    flexBasis: "100%",
    minWidth: 0,
    color: theme.vars.palette.text.secondary,
    "&:empty": { display: "none" },
  },
}));

/** "Paid, Nov 20, 2026, Chase Sapphire": names an entry for a screen reader and the confirmation. */
function describeOutcome(outcome: Outcome): string {
  return `${OUTCOME_KIND_LABELS[outcome.kind]}, ${formatEntryDay(outcome.occurredOn)}, ${outcome.programName}`;
}

function DeleteOutcomeDialog({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  // Kept while the dialog fades out, so its text does not change as it closes.
  const shown = useLastNonNull(outcome);
  const remove = useDeleteOwnOutcome({ success: { title: "Outcome deleted" }, error: "Could not delete the outcome" });
  if (!shown) return null;
  return (
    <ConfirmDialog
      open={outcome !== null}
      title="Delete this outcome?"
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        remove.mutate({ id: shown.id }, { onSuccess: onClose });
      }}
    >
      {describeOutcome(shown)}
      {shown.amount !== null && shown.currency ? ` (${formatMoney(shown.amount, shown.currency)})` : ""} will be deleted.
      {shown.kind === "paid" ? " It no longer counts towards the program's cap." : ""}
    </ConfirmDialog>
  );
}
