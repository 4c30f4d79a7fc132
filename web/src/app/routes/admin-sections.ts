/*
 * Where the admin's screens are: /admin's tabs, exactly the specification's five ("Five tabs, default
 * Programs: Programs, Referral Links, Users, Duplicates, Announcements."), and the hub's own settings
 * on /admin/settings. Addresses of the tabs that moved there (/admin?tab=tiers) lead to their section.
 */

export const ADMIN_TABS = [
  { value: "programs", label: "Programs" },
  { value: "links", label: "Referral Links" },
  { value: "users", label: "Users" },
  { value: "duplicates", label: "Duplicates" },
  { value: "announcements", label: "Announcements" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export const HUB_SETTINGS_SECTIONS = [
  { value: "tiers", label: "Tiers" },
  { value: "alerts", label: "Alerts" },
] as const;
export type HubSettingsSection = (typeof HUB_SETTINGS_SECTIONS)[number]["value"];

/** The tab `?tab=` names, or the default, Programs. */
export const adminTab = (value: string | null): AdminTab => ADMIN_TABS.find((tab) => tab.value === value)?.value ?? "programs";

/** The section `?section=` names, or the first. */
export const hubSettingsSection = (value: string | null): HubSettingsSection =>
  HUB_SETTINGS_SECTIONS.find((section) => section.value === value)?.value ?? HUB_SETTINGS_SECTIONS[0].value;

/** Where an old /admin?tab= address of a section that moved to Hub Settings now is; null for the others. */
export function movedTabAddress(value: string | null): string | null {
  const moved = HUB_SETTINGS_SECTIONS.find((section) => section.value === value);
  return moved ? `/admin/settings?section=${moved.value}` : null;
}
