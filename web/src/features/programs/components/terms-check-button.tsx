import PolicyOutlinedIcon from "@mui/icons-material/PolicyOutlined";
import type { TermsWatchSummary } from "@hub/contract/jobs";
import { JobButton } from "@/components/job-button";
import { termsWatchSummaryText } from "../utils/terms";

/**
 * 'Check Terms Now': the 02:00 UTC terms watch, now: every approved program's terms page read, a
 * version kept when it changed, admins told once per change.
 */
export function TermsCheckButton() {
  return (
    <JobButton
      route="runTermsWatch"
      label="Check Terms Now"
      icon={<PolicyOutlinedIcon />}
      done={(job) => ({ title: "The terms are checked", description: termsWatchSummaryText(job.summary as TermsWatchSummary | undefined) })}
      failed="The terms check failed"
    />
  );
}
