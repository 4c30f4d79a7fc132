import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AdminPanelSettingsOutlinedIcon from "@mui/icons-material/AdminPanelSettingsOutlined";
import LinkIcon from "@mui/icons-material/Link";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { CurrentUser } from "@contract/users";
import { PageLayout } from "@/components/layouts";
import { readStorage, STORAGE_KEYS } from "@/lib/browser-storage";

interface MemberDashboardProps {
  user: CurrentUser;
  logoutAction: ReactNode;
}

/** /dashboard – the member's own links. */
export function MemberDashboard({ user, logoutAction }: MemberDashboardProps) {
  // Set when an admin came here through 'Log in as user'.
  const cameFromAdmin = readStorage(STORAGE_KEYS.adminReturn) !== null;
  const links: unknown[] = [];

  return (
    <PageLayout
      title="My Referral Links"
      subtitle={<span data-testid="session-email">{user.email}</span>}
      actions={
        <>
          {cameFromAdmin ? (
            <Button component={RouterLink} to="/admin" variant="outlined" startIcon={<AdminPanelSettingsOutlinedIcon />}>
              Back to Admin
            </Button>
          ) : null}
          {logoutAction}
        </>
      }
    >
      <Stack spacing={3}>
        {user.approved ? null : (
          <Alert severity="warning">
            <AlertTitle>Membership Verification in Progress</AlertTitle>
            An administrator is reviewing your membership. You can already submit links; they stay pending until your
            profile is approved.
          </Alert>
        )}
        <section aria-labelledby="your-links-heading">
          <Typography id="your-links-heading" variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
            Your Links ({links.length})
          </Typography>
          <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
            <LinkIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
            <Typography sx={{ fontWeight: 600, mt: 1 }}>No links yet</Typography>
            <Typography color="text.secondary">Submitting and managing your referral links is coming soon.</Typography>
          </Paper>
        </section>
      </Stack>
    </PageLayout>
  );
}
