import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { PageLayout } from "@/components/layouts";

export default function ProgramsRoute() {
  return (
    <PageLayout
      title="Referral Programs"
      actions={
        <Button component={RouterLink} to="/" variant="outlined">
          Back to Home
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography color="text.secondary">The list of referral programs is coming soon.</Typography>
      </Paper>
    </PageLayout>
  );
}
