import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import ShortTextIcon from "@mui/icons-material/ShortText";
import { useState } from "react";
import type { ProgramSlugsSummary } from "@hub/contract/jobs";
import { JobButton } from "@/components/job-button";
import { programSlugsSummaryOf, programSlugsSummaryText } from "../utils/short-address";

/**
 * Approved programs from before short addresses still go by the long one: a notice with the one-off
 * job that gives them theirs, its progress under the button, then a summary that stays until dismissed
 * (the notice itself goes once the refreshed list has no program left without a slug).
 */
export function ShortAddressesNotice({ programsWithoutSlug }: { programsWithoutSlug: number }) {
  const [summary, setSummary] = useState<ProgramSlugsSummary | null>(null);
  if (programsWithoutSlug === 0 && !summary) return null;

  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      {programsWithoutSlug > 0 ? (
        <Alert severity="info" sx={{ width: "100%", boxSizing: "border-box" }}>
          <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
            <span>
              {programsWithoutSlug === 1
                ? "1 approved program has no short address yet. Addresses already shared keep working once it has one."
                : `${programsWithoutSlug.toLocaleString("en-US")} approved programs have no short address yet. Addresses already shared keep working once they have one.`}
            </span>
            <JobButton
              route="runProgramSlugs"
              label="Give Short Addresses"
              icon={<ShortTextIcon />}
              done={(job) => {
                const found = programSlugsSummaryOf(job);
                return {
                  title: "Short addresses given",
                  description: found ? programSlugsSummaryText(found) : "Every approved program has one",
                };
              }}
              failed="Giving short addresses failed"
              onDone={(job) => setSummary(programSlugsSummaryOf(job))}
              onFailed={() => setSummary(null)}
            />
          </Stack>
        </Alert>
      ) : null}
      {summary ? (
        <Alert severity="success" role="status" closeText="Dismiss summary" onClose={() => setSummary(null)}>
          {programSlugsSummaryText(summary)}
        </Alert>
      ) : null}
    </Stack>
  );
}
