import EventRepeatOutlinedIcon from "@mui/icons-material/EventRepeatOutlined";
import type { DailySummary } from "@hub/contract/jobs";
import { JobButton } from "@/components/job-button";
import { dailySummaryText } from "../utils/daily-turn";

/**
 * 'Run the Day's Turn': the 00:05 UTC job, now: programs' counts brought up to today's date, snoozes
 * that are over cleared, seven-day warnings of offers that end (each owner warned once).
 */
export function DailyTurnButton() {
  return (
    <JobButton
      route="runDaily"
      label="Run the Day's Turn"
      icon={<EventRepeatOutlinedIcon />}
      done={(job) => ({ title: "The day's turn is done", description: dailySummaryText(job.summary as DailySummary | undefined) })}
      failed="The day's turn failed"
    />
  );
}
