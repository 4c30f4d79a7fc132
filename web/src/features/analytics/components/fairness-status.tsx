import Chip from "@mui/material/Chip";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import type { FairnessRow } from "../utils/fairness-report";
import { MissingFigure } from "./missing-figure";
import { StandsOutChip } from "./stands-out-chip";

/** Whether a program stands out, in words and an icon as well as colour. */
export function FairnessStatus({ row }: { row: FairnessRow }) {
  if (row.jainIndex === null && row.maxDeviation === null) return <MissingFigure reason="no visits in this range" />;
  if (row.standsOut) return <StandsOutChip />;
  return <Chip size="small" variant="outlined" color="success" icon={<CheckCircleOutlineIcon />} label="Fair" />;
}
