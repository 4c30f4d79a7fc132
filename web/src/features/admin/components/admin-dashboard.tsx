import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import BarChartIcon from "@mui/icons-material/BarChart";
import HomeOutlinedIcon from "@mui/icons-material/HomeOutlined";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { PageLayout } from "@/components/layouts";

interface AdminDashboardProps {
  email: string;
  logoutAction: ReactNode;
}

/** /admin – the administrator's dashboard (tabs for programs, links, users, duplicates, announcements follow). */
export function AdminDashboard({ email, logoutAction }: AdminDashboardProps) {
  return (
    <PageLayout
      title="Admin Dashboard"
      subtitle={<span data-testid="session-email">{email}</span>}
      actions={
        <>
          <Button component={RouterLink} to="/" variant="outlined" startIcon={<HomeOutlinedIcon />}>
            Back to Home
          </Button>
          <Button component={RouterLink} to="/analytics" variant="outlined" startIcon={<BarChartIcon />}>
            Analytics
          </Button>
          {logoutAction}
        </>
      }
    >
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography color="text.secondary">
          Programs, referral links, users, duplicates and the announcement will be managed here.
        </Typography>
      </Paper>
    </PageLayout>
  );
}
