import { utcDay } from "@hub/contract/dates";
import { isOfferEnded } from "@hub/contract/programs";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { PublicProgram } from "@hub/contract/programs";
import { endsSoonLabel, offerEndLabel } from "@/lib/program-rules";

/**
 * A shared program's end date and terms on the open /programs page, counting the days in the offer's
 * last week. Plain elements, not MUI's Chip and Link: a visitor's first page stays light.
 */
export function PublicProgramRules({ program }: { program: Pick<PublicProgram, "name" | "offerEndsOn" | "termsUrl"> }) {
  if (program.offerEndsOn === null && program.termsUrl === null) return null;
  // The server's "today" is the UTC day; its list drops an ended offer, but it may be a minute old.
  const today = utcDay(new Date());
  const soon = endsSoonLabel(program.offerEndsOn, today);
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap", alignItems: "baseline" }}>
      {program.offerEndsOn !== null ? (
        <Typography variant="body2" color="text.secondary">
          {offerEndLabel(program.offerEndsOn, isOfferEnded(program.offerEndsOn, today), { short: true })}
          {soon ? (
            <Typography component="strong" variant="body2" sx={{ fontWeight: 700, color: "text.primary" }}>
              {` · ${soon}`}
            </Typography>
          ) : null}
        </Typography>
      ) : null}
      {program.termsUrl !== null ? (
        <Typography
          component="a"
          variant="body2"
          href={program.termsUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Terms of ${program.name} (opens in a new tab)`}
          sx={{ color: "primary.main", textDecoration: "underline" }}
        >
          Terms
        </Typography>
      ) : null}
    </Stack>
  );
}
