import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import MonitorHeartOutlinedIcon from "@mui/icons-material/MonitorHeartOutlined";
import { useState } from "react";
import type { LinkHealthSummary } from "@hub/contract/jobs";
import { JobButton } from "@/components/job-button";
import { linkHealthSummaryOf, linkHealthSummaryText } from "../utils/link-health";

/**
 * 'Run health check': tests every link in the rotation now (the scheduled check's job), with its
 * progress under the button, then a toast and a summary that stays until dismissed (toasts go).
 */
export function LinkHealthCheck() {
  const [summary, setSummary] = useState<LinkHealthSummary | null>(null);

  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <JobButton
        route="runLinkHealth"
        label="Run health check"
        icon={<MonitorHeartOutlinedIcon />}
        done={(job) => {
          const found = linkHealthSummaryOf(job);
          return {
            title: "Health check done",
            description: found ? linkHealthSummaryText(found) : "Every link in the rotation was tested",
          };
        }}
        failed="Health check failed"
        onDone={(job) => setSummary(linkHealthSummaryOf(job))}
        onFailed={() => setSummary(null)}
      />
      {summary ? (
        <Alert
          severity={summary.failing > 0 ? "warning" : "success"}
          role="status"
          closeText="Dismiss summary"
          onClose={() => setSummary(null)}
        >
          {linkHealthSummaryText(summary)}
        </Alert>
      ) : null}
    </Stack>
  );
}
