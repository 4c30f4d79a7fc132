import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Link as RouterLink } from "react-router-dom";
import { PageLayout } from "@/components/layouts";

/** /analytics – clicks per program, per link owner and over time (admin only). */
export function AnalyticsDashboard() {
  return (
    <PageLayout
      title="Analytics Dashboard"
      subtitle="Comprehensive insights into program and referral performance"
      actions={
        <Button component={RouterLink} to="/admin" variant="outlined" startIcon={<ArrowBackIcon />}>
          Back to Dashboard
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography color="text.secondary">Charts and tables of clicks will appear here.</Typography>
      </Paper>
    </PageLayout>
  );
}
