import Chip, { type ChipProps } from "@mui/material/Chip";
import type { ReferralLink } from "@hub/contract/links";
import { LINK_STATUS_LABELS, linkStatus, type LinkStatus } from "../utils/link-status";

const COLORS: Record<LinkStatus, ChipProps["color"]> = {
  dead: "error",
  pending: "warning",
  paused: "default",
  failing: "error",
  "program-not-approved": "warning",
  "offer-ended": "default",
  "owner-held-back": "warning",
  capped: "info",
  snoozed: "default",
  active: "success",
};

export function LinkStatusChip({ link }: { link: Pick<ReferralLink, "outReason"> }) {
  const status = linkStatus(link);
  return (
    <Chip size="small" label={LINK_STATUS_LABELS[status]} color={COLORS[status]} variant={status === "active" ? "filled" : "outlined"} />
  );
}
