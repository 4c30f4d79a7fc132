import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import { Link as RouterLink } from "react-router-dom";
import { EndedChip } from "@/components/program-rules/index";
import { submitLinkPath, type OwnLinkSummary } from "../utils/public-program-list";

interface ProgramMembershipProps {
  programId: string;
  programName: string;
  /** The member's link in this program, or undefined when they have none. */
  ownLink: OwnLinkSummary | undefined;
  /** The offer has ended: no new link can join it (409 OFFER_ENDED), so none is offered. */
  ended?: boolean;
}

/** For a signed-in member: their link here and its status (managed on the dashboard), or a shortcut to submit one. */
export function ProgramMembership({ programId, programName, ownLink, ended = false }: ProgramMembershipProps) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", pt: 2, borderTop: 1, borderColor: "divider" }}
    >
      {ownLink ? (
        <>
          <Chip
            size="small"
            color={ownLink.inRotation ? "success" : "warning"}
            variant={ownLink.inRotation ? "filled" : "outlined"}
            icon={ownLink.inRotation ? <CheckCircleIcon /> : undefined}
            label={`Your link: ${ownLink.statusLabel}`}
          />
          {ended ? <EndedChip /> : null}
          <Button component={RouterLink} to="/dashboard" size="small">
            Manage
          </Button>
        </>
      ) : ended ? (
        <EndedChip />
      ) : (
        <>
          <Chip size="small" variant="outlined" label="You have no link here yet" />
          <Button
            component={RouterLink}
            to={submitLinkPath(programId)}
            variant="contained"
            size="small"
            aria-label={`Submit your link for ${programName}`}
          >
            Submit your link
          </Button>
        </>
      )}
    </Stack>
  );
}
