import Chip from "@mui/material/Chip";
import { darken } from "@mui/material/styles";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";

/**
 * The warning that a program stands out (the fairness and the traffic reports). Its text is a dark
 * shade of the theme's orange: the orange itself is too light on white for small text. On a dark
 * page the orange itself reads well, and the dark shade would not.
 */
export function StandsOutChip() {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<WarningAmberIcon />}
      label="Stands out"
      sx={(theme) => ({
        color: darken(theme.colorSchemes.light?.palette.warning.main ?? theme.palette.warning.main, 0.5),
        borderColor: theme.vars.palette.warning.main,
        bgcolor: `rgba(${theme.vars.palette.warning.mainChannel} / 0.08)`,
        fontWeight: 600,
        "& .MuiChip-icon": { color: theme.vars.palette.warning.main },
        ...theme.applyStyles("dark", { color: theme.vars.palette.warning.main }),
      })}
    />
  );
}
