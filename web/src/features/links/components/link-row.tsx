import Button from "@mui/material/Button";
import { styled } from "@mui/material/styles";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import { memo, type MouseEvent } from "react";
import type { ReferralLink } from "@hub/contract/links";
import { formatDateTime } from "../utils/date-time";
import { linkStatuses } from "../utils/link-list";
import { LINK_STATUS_LABELS } from "../utils/link-status";
import { LinkHealthDetails, linkHealthStyles } from "./link-health-details";
import type { LinkRowAction } from "./use-link-actions";

interface LinkRowProps {
  link: ReferralLink;
  selected: boolean;
  busy: boolean;
  onSelect: (id: string, checked: boolean) => void;
  onAction: (action: LinkRowAction, link: ReferralLink) => void;
  /** Opens the shared actions menu for this link. */
  onOpenMenu: (anchor: HTMLElement, link: ReferralLink) => void;
}

/**
 * The row is plain markup styled by one static rule set: with thousands of links, a handful of
 * MUI components per row (checkbox, chips, typography, buttons) made Expand All take seconds.
 */
const Row = styled("li")(({ theme }) => ({
  listStyle: "none",
  display: "flex",
  gap: theme.spacing(1.5),
  padding: theme.spacing(1.5, 2),
  borderTop: `1px solid ${theme.vars.palette.divider}`,
  // Off-screen rows skip layout and paint.
  contentVisibility: "auto",
  containIntrinsicSize: "auto 150px",
  ...theme.typography.body2,
  "& .row-select": { width: 18, height: 18, marginTop: 2, accentColor: theme.vars.palette.primary.main, cursor: "pointer", flexShrink: 0 },
  "& .row-body": { flex: 1, minWidth: 0 },
  "& .row-head": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: theme.spacing(1) },
  "& .row-owner": { fontWeight: 600, fontSize: theme.typography.body1.fontSize },
  "& .row-muted": { color: theme.vars.palette.text.secondary },
  "& .row-link": { color: theme.vars.palette.primary.main, wordBreak: "break-all" },
  "& .row-offer": { margin: theme.spacing(0.5, 0), whiteSpace: "pre-line" },
  "& .row-dead-note": { color: theme.vars.palette.error.main, margin: 0 },
  "& .row-meta": { margin: theme.spacing(0.5, 0, 0), color: theme.vars.palette.text.secondary },
  "& .row-actions": { display: "flex", gap: theme.spacing(1), alignItems: "flex-start", flexShrink: 0 },
  "& .chip": { borderRadius: 12, padding: "1px 8px", fontSize: "0.75rem", fontWeight: 600, lineHeight: 1.6 },
  // The main shade, not the light one: white text on MUI's light orange is 2.2:1, under the 4.5:1 of WCAG AA.
  "& .chip-pending": { background: theme.vars.palette.warning.main, color: theme.vars.palette.warning.contrastText },
  "& .chip-active": { background: theme.vars.palette.success.main, color: theme.vars.palette.success.contrastText },
  "& .chip-paused": { background: theme.vars.palette.grey[300], color: theme.vars.palette.text.primary },
  "& .chip-owner-held-back, & .chip-program-not-approved, & .chip-capped, & .chip-snoozed, & .chip-offer-ended": {
    background: theme.vars.palette.grey[300],
    color: theme.vars.palette.text.primary,
  },
  "& .chip-not-emailed": { border: `1px solid ${theme.vars.palette.error.main}`, color: theme.vars.palette.error.main },
  "& .chip-dead": { background: theme.vars.palette.error.main, color: theme.vars.palette.error.contrastText },
  "& .chip-failing": { background: theme.vars.palette.error.main, color: theme.vars.palette.error.contrastText },
  ...linkHealthStyles(theme),
  // The dark scheme's text is light: on the light grey it would not read; a dark grey carries it.
  ...theme.applyStyles("dark", {
    "& .chip-paused": { background: theme.vars.palette.grey[700] },
    "& .chip-owner-held-back, & .chip-program-not-approved, & .chip-capped, & .chip-snoozed, & .chip-offer-ended": {
      background: theme.vars.palette.grey[700],
    },
    "& .chip-not-emailed": { borderColor: theme.vars.palette.error.light, color: theme.vars.palette.error.light },
  }),
  [theme.breakpoints.down("sm")]: { flexWrap: "wrap", "& .row-actions": { width: "100%", justifyContent: "flex-end" } },
}));

/** One link in its program group: who, what, state; Approve and a menu with every other action. */
export const LinkRow = memo(function LinkRow({ link, selected, busy, onSelect, onAction, onOpenMenu }: LinkRowProps) {
  const owner = link.ownerDisplayName?.trim() || link.name;
  const menuLabel = `Actions for link by ${owner}`;

  return (
    <Row aria-label={`Link by ${owner}`}>
      <input
        type="checkbox"
        className="row-select"
        checked={selected}
        onChange={(event) => onSelect(link.id, event.target.checked)}
        aria-label={`Select link by ${owner}`}
      />
      <div className="row-body">
        <div className="row-head">
          <span className="row-owner">{owner}</span>
          <span className="row-muted">{link.email}</span>
          {linkStatuses(link).map((status) => (
            <span key={status} className={`chip chip-${status}`}>
              {LINK_STATUS_LABELS[status]}
            </span>
          ))}
          {link.isDead && link.ownerNotEmailed ? (
            <span className="chip chip-not-emailed" title="The e-mail telling the owner their link is dead could not be sent">
              Owner not e-mailed
            </span>
          ) : null}
        </div>
        <a className="row-link" href={link.link} target="_blank" rel="noopener noreferrer">
          {link.link}
        </a>
        <p className="row-offer">{link.description}</p>
        {link.isDead && link.deadNote ? <p className="row-dead-note">Dead note: {link.deadNote}</p> : null}
        <p className="row-meta">
          Clicks: {link.visitCount} · Test: {link.testedOffer?.trim() || "Not tested yet"}
        </p>
        <p className="row-meta">
          Submitted {formatDateTime(link.submittedAt)} · Updated {formatDateTime(link.updatedAt)}
        </p>
        <LinkHealthDetails health={link.health} owner={owner} />
      </div>
      <div className="row-actions">
        {!link.approved ? (
          <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => onAction("approve", link)}>
            Approve
          </Button>
        ) : null}
        <Button
          size="small"
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          disabled={busy}
          aria-label={menuLabel}
          aria-haspopup="menu"
          onClick={(event: MouseEvent<HTMLButtonElement>) => onOpenMenu(event.currentTarget, link)}
        >
          Actions
        </Button>
      </div>
    </Row>
  );
});
