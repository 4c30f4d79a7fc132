import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import type { Program } from "@hub/contract/programs";
import { capLabel, offerEndLabel } from "@/lib/program-rules";

/** The state an ended offer shows wherever its program is listed. */
export function EndedChip() {
  return <Chip size="small" color="error" variant="outlined" label="Ended" />;
}

interface ProgramRulesListProps {
  program: Pick<Program, "name" | "referrerCap" | "offerEndsOn" | "termsUrl" | "offerEnded">;
  /** Say "No referrer cap", "No end date" where a rule is not set (the admin's card); else leave it out. */
  showUnset?: boolean;
}

/**
 * A program's rules in words: its cap, when its offer ends (or ended), and its terms, which open in a
 * new tab without handing this page to the bank's.
 */
export function ProgramRulesList({ program, showUnset = false }: ProgramRulesListProps) {
  const cap = program.referrerCap || showUnset ? capLabel(program.referrerCap) : null;
  const end = program.offerEndsOn !== null || showUnset ? offerEndLabel(program.offerEndsOn, program.offerEnded) : null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      {cap ? <Typography variant="body2">{cap}</Typography> : null}
      {end ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography variant="body2">{end}</Typography>
          {program.offerEnded ? <EndedChip /> : null}
        </Stack>
      ) : null}
      {program.termsUrl ? (
        <Link
          href={program.termsUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          aria-label={`Terms of ${program.name} (opens in a new tab)`}
          sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
        >
          Terms
          <OpenInNewIcon sx={{ fontSize: "1em" }} aria-hidden />
        </Link>
      ) : showUnset ? (
        <Typography variant="body2">No terms link</Typography>
      ) : null}
    </Stack>
  );
}
