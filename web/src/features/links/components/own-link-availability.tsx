import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReferralLink } from "@hub/contract/links";
import type { Program } from "@hub/contract/programs";
import { capProgressText, capReachedText, formatDay, snoozedText } from "../utils/link-availability";

export type LinkProgramRules = Pick<Program, "referrerCap" | "offerEnded" | "offerEndsOn">;

interface OwnLinkAvailabilityProps {
  link: Pick<ReferralLink, "programName" | "cap" | "snoozedUntil">;
  /** Its program's rules, from the program list (undefined while it loads): the cap's period, the offer's end. */
  program: LinkProgramRules | undefined;
  /** 'Back in now' for a snoozed link. */
  onEndSnooze: () => void;
  endingSnooze: boolean;
}

/**
 * What the date does to one of the member's links: its program's offer ended, its cap reached (and
 * when it comes back), its snooze (and 'Back in now'), or how far it is from the cap. A link out of
 * the rotation says why, so the member is not left guessing why its visits stopped.
 */
export function OwnLinkAvailability({ link, program, onEndSnooze, endingSnooze }: OwnLinkAvailabilityProps) {
  const period = program?.referrerCap?.period;
  const notices = [];
  if (program?.offerEnded) {
    notices.push(
      <Alert key="ended" severity="info" sx={{ mt: 2 }}>
        <AlertTitle>Offer ended</AlertTitle>
        <Typography variant="body2">
          The bank's offer for {link.programName} ended
          {program.offerEndsOn ? ` on ${formatDay(program.offerEndsOn, undefined, { withYear: true })}` : ""}: the rotation no longer sends
          visitors to its links.
        </Typography>
      </Alert>,
    );
  }
  if (link.cap?.reached) {
    notices.push(
      <Alert key="cap" severity="info" sx={{ mt: 2 }}>
        <AlertTitle>{capReachedText(link.cap.resumesOn, period)}</AlertTitle>
        <Typography variant="body2">
          You have recorded as many paid referrals as the bank pays one referrer
          {period === "rolling-12-months" ? " in 12 months" : period === "calendar-year" ? " in a year" : ""}. Your link is out of the
          rotation until then, so no visitor is sent where nobody would be paid.
        </Typography>
      </Alert>,
    );
  } else if (link.cap) {
    notices.push(
      <Typography key="cap" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {capProgressText(link.cap, period)}
      </Typography>,
    );
  }
  if (link.snoozedUntil) {
    notices.push(
      <Alert
        key="snooze"
        severity="info"
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" loading={endingSnooze} onClick={onEndSnooze} aria-label={`Back in now: ${link.programName}`}>
            Back in now
          </Button>
        }
      >
        <AlertTitle>{snoozedText(link.snoozedUntil)}</AlertTitle>
        <Typography variant="body2">You took this link out of the rotation; it comes back when that day starts (UTC).</Typography>
      </Alert>,
    );
  }
  return notices;
}
