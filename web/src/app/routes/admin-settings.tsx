import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { PageLayout } from "@/components/layouts/index";
import { AlertsTab } from "@/features/alerts/components/alerts-tab";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { RequireAdmin } from "@/features/auth/components/require-admin";
import { TiersTab } from "@/features/tiers/components/tiers-tab";
import { usePageTitle } from "@/lib/use-page-title";
import { HUB_SETTINGS_SECTIONS, hubSettingsSection, type HubSettingsSection } from "./admin-sections";

/**
 * /admin/settings – the hub's own settings (the contract's declared departure: a page one header button
 * away from /admin, so that /admin keeps exactly the specification's five tabs): the tiers and the
 * alerts channel. Admins only; anyone else sees the specification's Unauthorized Access card.
 */
export default function AdminSettingsRoute() {
  usePageTitle("Hub Settings");
  return <RequireAdmin>{(admin) => <HubSettings email={admin.email} />}</RequireAdmin>;
}

function SectionContent({ section }: { section: HubSettingsSection }) {
  switch (section) {
    case "tiers":
      return <TiersTab />;
    case "alerts":
      return <AlertsTab />;
  }
}

/** The open section lives in ?section= so a reload, or an old /admin?tab= address, keeps it. */
function HubSettings({ email }: { email: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const section = hubSettingsSection(searchParams.get("section"));
  const handleChange = (_: unknown, value: HubSettingsSection) => {
    setSearchParams(value === HUB_SETTINGS_SECTIONS[0].value ? {} : { section: value }, { replace: true });
  };
  return (
    <PageLayout
      title="Hub Settings"
      subtitle={<span data-testid="session-email">{email}</span>}
      actions={
        <>
          <Button component={RouterLink} to="/admin" variant="outlined" startIcon={<ArrowBackIcon />}>
            Back to Dashboard
          </Button>
          <LogoutButton />
        </>
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
        <Tabs value={section} onChange={handleChange} variant="scrollable" allowScrollButtonsMobile aria-label="Hub settings">
          {HUB_SETTINGS_SECTIONS.map(({ value, label }) => (
            <Tab key={value} value={value} label={label} id={`settings-tab-${value}`} aria-controls={`settings-tabpanel-${value}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`settings-tabpanel-${section}`} aria-labelledby={`settings-tab-${section}`}>
        <SectionContent section={section} />
      </Box>
    </PageLayout>
  );
}
