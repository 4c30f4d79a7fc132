import ForwardToInboxOutlinedIcon from "@mui/icons-material/ForwardToInboxOutlined";
import type { DigestSummary } from "@hub/contract/jobs";
import { JobButton } from "@/components/job-button";
import { digestSummaryText } from "../utils/user-messages";

/**
 * 'Send Weekly Digest': the Monday 08:00 UTC job, now. Members who had theirs this week are not sent
 * another (each mail is claimed once per member and week), so pressing it twice sends nothing twice.
 */
export function WeeklyDigestButton() {
  return (
    <JobButton
      route="runWeeklyDigest"
      label="Send Weekly Digest"
      icon={<ForwardToInboxOutlinedIcon />}
      done={(job) => ({ title: "Weekly digest sent", description: digestSummaryText(job.summary as DigestSummary | undefined) })}
      failed="Weekly digest failed"
    />
  );
}
