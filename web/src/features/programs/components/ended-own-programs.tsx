import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { Link as RouterLink } from "react-router-dom";
import { EndedChip } from "@/components/program-rules/index";
import { offerEndLabel } from "@/lib/program-rules";
import type { EndedOwnProgram } from "../utils/public-program-list";

/**
 * For a member: the programs they have a link in whose offer has ended. The open list leaves those
 * out, and the member should not have to wonder where their link went.
 */
export default function EndedOwnPrograms({ programs }: { programs: readonly EndedOwnProgram[] }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Your links in offers that have ended
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        These programs no longer send visitors to anyone and take no new links.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {programs.map((program) => (
          <Stack component="li" key={program.id} direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
            <Typography sx={{ fontWeight: 600 }}>{program.name}</Typography>
            <EndedChip />
            <Typography variant="body2" color="text.secondary">
              {/* not the link's own status: out of the rotation for the ending alone, it would read as held */}
              {offerEndLabel(program.offerEndsOn, true)}
            </Typography>
            <Button component={RouterLink} to="/dashboard" size="small" sx={{ ml: "auto" }}>
              Manage
            </Button>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
