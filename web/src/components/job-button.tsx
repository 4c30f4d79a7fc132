import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Job } from "@hub/contract/jobs";
import { failureToast, useToast, type ToastInput } from "@/components/toasts/index";
import { jobProgressText, jobProgressValue } from "@/lib/job-progress";
import { getJob, startJob, type JobRoute } from "@/lib/jobs";
import { useInvalidateAdminData } from "@/lib/query-keys";

/** How often a running job is asked where it stands. */
const POLL_MS = 1_000;

interface JobButtonProps {
  route: JobRoute;
  label: string;
  icon: ReactNode;
  /** The toast when the job is done. */
  done: (job: Job) => ToastInput;
  /** The title of the toast when it fails (with why). */
  failed: string;
  onDone?: (job: Job) => void;
  onFailed?: () => void;
}

/**
 * A button that starts a job and follows it: its progress under the button while it runs, then
 * a toast (and `onDone` or `onFailed`). A job of this kind already running (another admin's) is followed instead.
 * When it ends, every admin list is refreshed (a job changes users, links or both).
 */
export function JobButton({ route, label, icon, done, failed, onDone, onFailed }: JobButtonProps) {
  const { toast } = useToast();
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
          if (job.state === "done") {
            toast(done(job));
            onDone?.(job);
          } else {
            toast(failureToast(failed, job.error ?? "The job failed"));
            onFailed?.();
          }
          return;
        }
        await new Promise((done) => setTimeout(done, POLL_MS));
      }
    } catch (error) {
      if (mounted.current) {
        toast(failureToast(failed, error));
        onFailed?.();
      }
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

/** How far a job is, in words for its phase ("Links tested: 12 of 40") and as a bar once its size is known. */
function JobProgress({ job, label }: { job: Job | null; label: string }) {
  const value = jobProgressValue(job);
  return (
    <Box role="status" aria-live="polite">
      <LinearProgress aria-label={`${label} progress`} variant={value === undefined ? "indeterminate" : "determinate"} value={value} />
      <Typography variant="caption" color="text.secondary">
        {jobProgressText(job)}
      </Typography>
    </Box>
  );
}
