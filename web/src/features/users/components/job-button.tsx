import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Job } from "@hub/contract/jobs";
import { errorText } from "@/lib/error-text";
import { useInvalidateAdminData } from "@/lib/query-keys";
import { getJob, startJob, type JobRoute } from "../api/jobs";

/** How often a running job is asked where it stands. */
const POLL_MS = 1_000;

interface JobButtonProps {
  route: JobRoute;
  label: string;
  icon: ReactNode;
  onDone: (job: Job) => void;
  onFailed: (message: string) => void;
}

/**
 * A button that starts a job and follows it: its progress under the button while it runs, then
 * `onDone` or `onFailed`. A job of this kind already running (another admin's) is followed instead.
 */
export function JobButton({ route, label, icon, onDone, onFailed }: JobButtonProps) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Job | null>(null);
  const invalidate = useInvalidateAdminData();
  // a job outlives the button (the admin changes tab): stop following it then
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = async () => {
    setBusy(true);
    setProgress(null);
    try {
      const { jobId } = await startJob(route);
      for (;;) {
        const job = await getJob(jobId);
        if (!mounted.current) return;
        setProgress(job);
        if (job.state !== "running") {
          void invalidate();
          if (job.state === "done") onDone(job);
          else onFailed(job.error ?? "The job failed");
          return;
        }
        await new Promise((done) => setTimeout(done, POLL_MS));
      }
    } catch (error) {
      if (mounted.current) onFailed(errorText(error));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <Box sx={{ display: "inline-flex", flexDirection: "column", gap: 0.5 }}>
      <Button variant="outlined" startIcon={icon} loadingPosition="start" loading={busy} onClick={() => void run()}>
        {label}
      </Button>
      {busy ? <JobProgress job={progress} label={label} /> : null}
    </Box>
  );
}

/** How far a job is: pages read from the provider, then users done of all. */
function JobProgress({ job, label }: { job: Job | null; label: string }) {
  const text = !job
    ? "Starting…"
    : job.phase === "listing"
      ? `Reading subscriptions: ${String(job.done)} page${job.done === 1 ? "" : "s"}`
      : `Users: ${String(job.done)} of ${String(job.total ?? 0)}`;
  const value = job?.phase !== "listing" && job?.total ? (job.done / job.total) * 100 : undefined;
  return (
    <Box role="status" aria-live="polite">
      <LinearProgress aria-label={`${label} progress`} variant={value === undefined ? "indeterminate" : "determinate"} value={value} />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
