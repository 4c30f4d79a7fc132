import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Program } from "@hub/contract/programs";
import { programsWithTermsToReview, termsMark } from "../utils/terms";

/**
 * The programs whose terms changed or could not be read, named above the list whatever its filters
 * hide (the specification's default, Hide Approved Programs, hides most watched programs), each with
 * a button that opens its Terms dialog.
 */
export function TermsReviewNotice({ programs, onOpenTerms }: { programs: readonly Program[]; onOpenTerms: (program: Program) => void }) {
  const waiting = programsWithTermsToReview(programs);
  if (waiting.length === 0) return null;
  const worst = waiting.some((p) => termsMark(p.terms)?.color === "error") ? "error" : "warning";
  return (
    <Alert severity={worst} role="region" aria-label="Terms to review">
      <AlertTitle>
        {waiting.length === 1 ? "1 program's terms need a look" : `${String(waiting.length)} programs' terms need a look`}
      </AlertTitle>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: "none" }}>
        {waiting.map((program) => (
          <Stack
            component="li"
            key={program.id}
            direction={{ xs: "column", sm: "row" }}
            spacing={1}
            sx={{ alignItems: { xs: "flex-start", sm: "center" } }}
          >
            <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
              <strong>{program.name}</strong>: {termsMark(program.terms)?.label}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => onOpenTerms(program)}
              aria-label={`Open Terms of ${program.name}`}
            >
              Open Terms
            </Button>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
