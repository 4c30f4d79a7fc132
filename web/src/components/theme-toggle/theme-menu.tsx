import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import CheckIcon from "@mui/icons-material/Check";

export type ColorMode = "system" | "light" | "dark";

const CHOICES: { mode: ColorMode; label: string }[] = [
  { mode: "system", label: "System" },
  { mode: "light", label: "Light" },
  { mode: "dark", label: "Dark" },
];

interface ThemeMenuProps {
  id: string;
  anchor: HTMLElement;
  mode: ColorMode;
  onChoose: (mode: ColorMode) => void;
  onClose: () => void;
}

/** The theme toggle's choices, as radio items: a screen reader says which one is on. */
export function ThemeMenu({ id, anchor, mode, onChoose, onClose }: ThemeMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
    >
      {CHOICES.map((choice) => (
        <MenuItem
          key={choice.mode}
          role="menuitemradio"
          aria-checked={choice.mode === mode}
          selected={choice.mode === mode}
          onClick={() => {
            onChoose(choice.mode);
          }}
        >
          <ListItemIcon>{choice.mode === mode ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{choice.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
