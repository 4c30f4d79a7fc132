import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import AddCircleOutlineOutlinedIcon from "@mui/icons-material/AddCircleOutlineOutlined";
import BarChartIcon from "@mui/icons-material/BarChart";
import SettingsOutlinedIcon from "@mui/icons-material/SettingsOutlined";
import HomeOutlinedIcon from "@mui/icons-material/HomeOutlined";
import type { ReactNode } from "react";
import { Navigate, Link as RouterLink, useSearchParams } from "react-router-dom";
import { PageLayout } from "@/components/layouts/index";
import { AnnouncementsTab } from "@/features/announcements/components/announcements-tab";
import { ChangePasswordButton } from "@/features/auth/components/change-password-button";
import { CheckAllSubscriptionsButton } from "@/features/users/components/check-all-subscriptions-button";
import { DevUserButton } from "@/features/users/components/dev-user-button";
import { DuplicatesTab } from "@/features/users/components/duplicates-tab";
import { ExportCsvButton } from "@/features/links/components/export-csv-button";
import { LinksTab } from "@/features/links/components/links-tab";
import { usePrograms } from "@/features/programs/api/get-programs";
import { ProgramsTab } from "@/features/programs/components/programs-tab";
import { useTiers } from "@/features/tiers/api/tiers";
import { UsersTab } from "@/features/users/components/users-tab";
import { ADMIN_TABS, adminTab, movedTabAddress, type AdminTab } from "./admin-sections";

interface AdminDashboardProps {
  email: string;
  logoutAction: ReactNode;
  /**
   * 'Log in as user' and 'Dev User' (from the auth feature): signs in as that user and opens their
   * dashboard; rejects, leaving the admin here, when it could not.
   */
  onLogInAsUser: (email: string) => Promise<void>;
}

function TabContent({ tab, onLogInAsUser }: { tab: AdminTab; onLogInAsUser: (email: string) => Promise<void> }) {
  switch (tab) {
    case "programs":
      return <ProgramsTab />;
    case "links":
      return <LinksWithPrograms />;
    case "users":
      return <UsersWithTiers onLogInAsUser={onLogInAsUser} />;
    case "duplicates":
      return <DuplicatesTab />;
    case "announcements":
      return <AnnouncementsTab />;
  }
}

// The links tab reads the programs through the programs feature's query (features do not import each other).
function LinksWithPrograms() {
  return <LinksTab programsQuery={usePrograms()} />;
}

// The users tab names each member's tier, and offers the tiers to choose from, through the tiers feature's query.
function UsersWithTiers({ onLogInAsUser }: { onLogInAsUser: (email: string) => Promise<void> }) {
  return <UsersTab onLogInAsUser={onLogInAsUser} tiersQuery={useTiers()} />;
}

/** /admin – the administrator's dashboard. The open tab lives in ?tab= so a reload keeps it. */
export function AdminDashboard({ email, logoutAction, onLogInAsUser }: AdminDashboardProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const moved = movedTabAddress(searchParams.get("tab"));
  const tab = adminTab(searchParams.get("tab"));

  const handleTabChange = (_: unknown, value: AdminTab) => {
    setSearchParams(value === "programs" ? {} : { tab: value }, { replace: true });
  };

  // an address of a tab that moved to Hub Settings (bookmarks, older mails) opens it there
  if (moved) return <Navigate to={moved} replace />;

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
          <Button component={RouterLink} to="/admin/settings" variant="outlined" startIcon={<SettingsOutlinedIcon />}>
            Hub Settings
          </Button>
          <DevUserButton onLogInAsUser={onLogInAsUser} />
          <CheckAllSubscriptionsButton />
          <ExportCsvButton />
          <Button component={RouterLink} to="/submit" variant="outlined" startIcon={<AddCircleOutlineOutlinedIcon />}>
            Submit New
          </Button>
          <ChangePasswordButton />
          {logoutAction}
        </>
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
        <Tabs value={tab} onChange={handleTabChange} variant="scrollable" allowScrollButtonsMobile aria-label="Admin sections">
          {ADMIN_TABS.map(({ value, label }) => (
            <Tab key={value} value={value} label={label} id={`admin-tab-${value}`} aria-controls={`admin-tabpanel-${value}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`admin-tabpanel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        <TabContent tab={tab} onLogInAsUser={onLogInAsUser} />
      </Box>
    </PageLayout>
  );
}
