import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { memo, useId } from "react";
import type { Program } from "@hub/contract/programs";
import { EndedChip } from "@/components/program-rules/index";
import { ProgramCardDetails, type ProgramDialogAction } from "./program-card-details";
import { termsMark } from "../utils/terms";

interface ProgramCardProps {
  program: Program;
  onDialog: (action: ProgramDialogAction, program: Program) => void;
}

/**
 * A program as a collapsible card: status at a glance, details and actions inside. Its summary is the
 * program's heading: an h2, the level under the page's h1 (MUI's default h3 skipped a level).
 */
export const ProgramCard = memo(function ProgramCard({ program, onDialog }: ProgramCardProps) {
  const id = useId();
  const terms = termsMark(program.terms);
  return (
    <Accordion disableGutters variant="outlined" slots={{ heading: "h2" }} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", width: "100%", pr: 1 }}>
          <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
            {program.name}
          </Typography>
          {program.approved ? (
            <Chip size="small" color="success" label="Approved" />
          ) : (
            <Chip size="small" color="warning" label="Pending approval" />
          )}
          {program.isSharedOnSite ? <Chip size="small" color="info" label="Shared on site" /> : null}
          {program.offerEnded ? <EndedChip /> : null}
          {terms ? <Chip size="small" color={terms.color} label={terms.label} /> : null}
          <Chip size="small" variant="outlined" label={`Mode: ${program.distributionMode}`} />
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: "auto" }}>
            {program.activeLinkCount} active / {program.linkCount} link{program.linkCount === 1 ? "" : "s"}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`} aria-labelledby={`${id}-header`}>
        <ProgramCardDetails program={program} onDialog={onDialog} />
      </AccordionDetails>
    </Accordion>
  );
});
