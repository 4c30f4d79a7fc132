import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import { Link as RouterLink } from "react-router-dom";
import { submitLinkPath } from "../utils/public-program-list";

/** For a signed-in member: their link is here (manage it on the dashboard), or a shortcut to submit one. */
export function ProgramMembership({ programId, programName, hasLink }: { programId: string; programName: string; hasLink: boolean }) {
  if (hasLink) {
    return (
      <>
        <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Your link is here" />
        <Button component={RouterLink} to="/dashboard" size="small">
          Manage
        </Button>
      </>
    );
  }
  return (
    <>
      <Chip size="small" variant="outlined" label="You have no link here" />
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
  );
}
