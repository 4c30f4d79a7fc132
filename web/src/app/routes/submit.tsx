import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { PageLayout } from "@/components/layouts";
import { RequireSession } from "@/features/auth/components/require-session";

const LOGIN_REQUIRED = { title: "Login Required", description: "Please log in to submit referral links" } as const;

export default function SubmitRoute() {
  return (
    <RequireSession redirectTo="/" missingSessionToast={LOGIN_REQUIRED}>
      {() => (
        <PageLayout
          title="Submit Referral Link"
          actions={
            <Button component={RouterLink} to="/" variant="outlined">
              Back to Home
            </Button>
          }
        >
          <Paper variant="outlined" sx={{ p: 4 }}>
            <Typography color="text.secondary">The submission form is coming soon.</Typography>
          </Paper>
        </PageLayout>
      )}
    </RequireSession>
  );
}
