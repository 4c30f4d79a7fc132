import Chip, { type ChipProps } from "@mui/material/Chip";
import type { ReferralLink } from "@hub/contract/links";
import { LINK_STATUS_LABELS, linkStatus, type LinkStatus } from "../utils/link-status";

const COLORS: Record<LinkStatus, ChipProps["color"]> = {
  dead: "error",
  pending: "warning",
  paused: "default",
  failing: "error",
  ended: "default",
  capped: "info",
  snoozed: "default",
  held: "warning",
  active: "success",
};

interface LinkStatusChipProps {
  link: Pick<ReferralLink, "isDead" | "approved" | "paused" | "isActive" | "health" | "cap" | "snoozedUntil">;
  /** The link's program's offer has ended (the program list says so). */
  offerEnded?: boolean;
}

export function LinkStatusChip({ link, offerEnded = false }: LinkStatusChipProps) {
  const status = linkStatus(link, { offerEnded });
  return (
    <Chip size="small" label={LINK_STATUS_LABELS[status]} color={COLORS[status]} variant={status === "active" ? "filled" : "outlined"} />
  );
}
