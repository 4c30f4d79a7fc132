import IconButton from "@mui/material/IconButton";
import { useColorScheme } from "@mui/material/styles";
import DarkModeOutlinedIcon from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlinedIcon from "@mui/icons-material/LightModeOutlined";
import SettingsBrightnessOutlinedIcon from "@mui/icons-material/SettingsBrightnessOutlined";
import { lazy, Suspense, useId, useState } from "react";
import type { ColorMode } from "./theme-menu";

// The menu (Popover, Modal, transitions) is not on the first page's critical path: it loads on the
// first hover, focus or press of the button.
const loadMenu = () => import("./theme-menu");
const ThemeMenu = lazy(() => loadMenu().then((module) => ({ default: module.ThemeMenu })));

const ICONS: Record<ColorMode, typeof DarkModeOutlinedIcon> = {
  system: SettingsBrightnessOutlinedIcon,
  light: LightModeOutlinedIcon,
  dark: DarkModeOutlinedIcon,
};

/**
 * Light, dark or the system's scheme, on every page. The button says which one is chosen; MUI keeps
 * the choice in localStorage. While a prerendered page hydrates, MUI does not know the mode yet
 * (undefined), and the button shows "system" as the prerendered HTML did.
 */
export function ThemeToggle() {
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current: ColorMode = mode ?? "system";
  const Icon = ICONS[current];
  return (
    <>
      <IconButton
        size="small"
        // a 44 px touch target on phones (20 px icon + 12 px padding each side), 30 px beside a pointer
        sx={{ p: { xs: 1.5, sm: "5px" } }}
        aria-label={`Theme: ${current}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(event) => {
          setAnchor(event.currentTarget);
        }}
      >
        <Icon fontSize="small" />
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <ThemeMenu
            id={menuId}
            anchor={anchor}
            mode={current}
            onChoose={(chosen) => {
              setMode(chosen);
              setAnchor(null);
            }}
            onClose={() => {
              setAnchor(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
