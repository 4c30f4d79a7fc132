import Chip from "@mui/material/Chip";
import { alpha, darken } from "@mui/material/styles";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import type { FairnessRow } from "../utils/fairness-report";
import { MissingFigure } from "./missing-figure";

/**
 * Whether a program stands out, in words and an icon as well as colour. The warning's text is a dark
 * shade of the theme's orange: the orange itself is too light on white for small text.
 */
export function FairnessStatus({ row }: { row: FairnessRow }) {
  if (row.jainIndex === null && row.maxDeviation === null) return <MissingFigure reason="no visits in this range" />;
  if (row.standsOut) {
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<WarningAmberIcon />}
        label="Stands out"
        sx={(theme) => ({
          color: darken(theme.palette.warning.main, 0.5),
          borderColor: theme.palette.warning.main,
          bgcolor: alpha(theme.palette.warning.main, 0.08),
          fontWeight: 600,
          "& .MuiChip-icon": { color: theme.palette.warning.main },
        })}
      />
    );
  }
  return <Chip size="small" variant="outlined" color="success" icon={<CheckCircleOutlineIcon />} label="Fair" />;
}
