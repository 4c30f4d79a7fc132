import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import { Fragment, useId, useState } from "react";
import { utcDay } from "@hub/contract/dates";
import type { Program } from "@hub/contract/programs";
import { figureChangeLine, watchForSchema, type ProgramTerms } from "@hub/contract/terms";
import { ConfirmDialog } from "@/components/forms/index";
import { QueryErrorAlert } from "@/components/errors/index";
import { ResponsiveDialog } from "@/components/responsive/index";
import { PageSpinner } from "@/components/spinners/index";
import { localDateTime } from "@/lib/dates";
import { useProgramTerms, useReviewProgramTerms } from "../api/program-terms";
import { useUpdateProgram } from "../api/update-program";
import { termsStatusText } from "../utils/terms";

const when = (iso: string) => localDateTime(iso) ?? iso;

/** The words that changed, as the page has them: removed struck through, added underlined, long unchanged runs shortened. */
function TextDiff({ changes }: { changes: NonNullable<ProgramTerms["diff"]>["changes"] }) {
  return (
    <Box
      component="p"
      aria-label="Changes to the terms"
      sx={{
        m: 0,
        p: 1.5,
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
        typography: "body2",
        lineHeight: 1.7,
        overflowWrap: "anywhere",
        maxHeight: { xs: "none", sm: 320 },
        overflowY: "auto",
        // tints under the page's own text colour: readable in both themes (axe checks the contrast)
        "& del": { bgcolor: (theme) => alpha(theme.palette.error.main, 0.16), color: "text.primary", textDecorationThickness: 2 },
        "& ins": { bgcolor: (theme) => alpha(theme.palette.success.main, 0.18), color: "text.primary", textDecoration: "underline" },
      }}
    >
      {changes.map((change, i) =>
        change.kind === "added" ? (
          <Fragment key={i}>
            {/* a word replaced reads "60,000 40,000", not "60,00040,000" */}
            {changes[i - 1]?.kind === "removed" ? " " : null}
            <ins>{change.text}</ins>
          </Fragment>
        ) : change.kind === "removed" ? (
          <del key={i}>{change.text}</del>
        ) : (
          <span key={i}>{change.text}</span>
        ),
      )}
    </Box>
  );
}

/**
 * The Terms dialog (the contract's *Terms watch and alerts*): the program's terms state, the figures
 * that changed in one line each ("60,000 → 40,000 points") above the word-level diff from the reviewed
 * version to the latest, and what an admin does about it: Mark Reviewed, Edit Rules, End Offer Today.
 * Nothing changes on its own.
 */
export function TermsDialog({ program, onClose, onEditRules }: { program: Program; onClose: () => void; onEditRules: () => void }) {
  const titleId = useId();
  const watchLabelId = useId();
  const termsQuery = useProgramTerms(program.id);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const review = useReviewProgramTerms({
    success: { title: "Terms reviewed", description: `${program.name}'s terms are marked reviewed` },
    error: "Failed to mark the terms reviewed",
  });
  const update = useUpdateProgram({
    success: (_done, body) =>
      body.offerEndsOn
        ? { title: "Offer ends today", description: `${program.name}'s offer ends today (UTC): no visitor is sent to it from tomorrow` }
        : {
            title: "Terms watch updated",
            description: `${program.name}: ${body.watchFor === "figures" ? "only figures" : "any change"} counts`,
          },
    error: "Failed to update the program",
  });
  const terms = program.terms;
  const diff = termsQuery.data?.diff ?? null;
  const latest = terms?.latestVersion ?? null;

  const endToday = () => update.mutate({ id: program.id, offerEndsOn: utcDay(new Date()) }, { onSuccess: () => setConfirmEnd(false) });
  const changeWatch = (value: unknown) => {
    const parsed = watchForSchema.safeParse(value);
    if (parsed.success && parsed.data !== terms?.watchFor) update.mutate({ id: program.id, watchFor: parsed.data });
  };

  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md">
      <DialogTitle id={titleId}>{program.name}: terms</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {program.termsUrl ? (
            <Link href={program.termsUrl} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflowWrap: "anywhere" }}>
              {program.termsUrl}
            </Link>
          ) : null}
          {terms ? (
            <Alert severity={terms.status === "changed" ? "warning" : terms.status === "unreachable" ? "error" : "info"}>
              {termsStatusText(terms, when)}
            </Alert>
          ) : (
            <Alert severity="info">The terms are watched once the program is approved and has a terms link.</Alert>
          )}
          {termsQuery.isPending ? <PageSpinner label="Loading the terms" /> : null}
          {termsQuery.isError ? <QueryErrorAlert what="the terms" queries={[termsQuery]} /> : null}
          {diff ? (
            <>
              <Box>
                <Typography variant="subtitle2" component="h3">
                  Figures (version {diff.from} → {diff.to})
                </Typography>
                {diff.figures.length > 0 ? (
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {diff.figures.map((change, i) => (
                      <Typography component="li" key={i} sx={{ fontWeight: 600 }}>
                        {figureChangeLine(change)}
                      </Typography>
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2">No amount changed: only the wording.</Typography>
                )}
              </Box>
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  What the page says now
                </Typography>
                <TextDiff changes={diff.changes} />
              </Box>
            </>
          ) : termsQuery.isSuccess && latest !== null ? (
            <Typography variant="body2">Nothing waits for review: the latest version is the reviewed one.</Typography>
          ) : null}
          {terms ? (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
              <Typography id={watchLabelId} variant="body2">
                A change is
              </Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={terms.watchFor}
                disabled={update.isPending}
                onChange={(_, value: unknown) => changeWatch(value)}
                aria-labelledby={watchLabelId}
              >
                <ToggleButton value="text">Any wording</ToggleButton>
                <ToggleButton value="figures">Figures only</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button color="error" onClick={() => setConfirmEnd(true)} disabled={program.offerEnded}>
          End Offer Today
        </Button>
        <Button onClick={onEditRules}>Edit Rules</Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Close</Button>
        {terms?.status === "changed" && latest !== null ? (
          <Button
            variant="contained"
            loading={review.isPending}
            onClick={() => review.mutate({ id: program.id, version: latest }, { onSuccess: onClose })}
          >
            Mark Reviewed
          </Button>
        ) : null}
      </DialogActions>
      <ConfirmDialog
        open={confirmEnd}
        title="End the offer today?"
        confirmLabel="End Offer Today"
        destructive
        pending={update.isPending}
        onClose={() => setConfirmEnd(false)}
        onConfirm={endToday}
      >
        Today ({utcDay(new Date())}, UTC) becomes the last day of {program.name}&apos;s offer. From tomorrow the rotation sends no visitor
        to its links and takes no new ones. You can set another date in Edit Rules.
      </ConfirmDialog>
    </ResponsiveDialog>
  );
}
