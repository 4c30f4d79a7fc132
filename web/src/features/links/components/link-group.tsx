import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import Collapse from "@mui/material/Collapse";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { memo, useId } from "react";
import type { ReferralLink } from "@hub/contract/links";
import type { LinkGroup as LinkGroupData } from "../utils/link-list";
import { groupSelection } from "../utils/selection";
import { LinkRow } from "./link-row";
import type { LinkRowAction } from "./use-link-actions";

interface LinkGroupProps {
  group: LinkGroupData<ReferralLink>;
  expanded: boolean;
  selection: ReadonlySet<string>;
  busyIds: ReadonlySet<string>;
  onToggleExpanded: (programId: string) => void;
  onSelect: (id: string, checked: boolean) => void;
  onSelectMany: (ids: readonly string[], checked: boolean) => void;
  onAction: (action: LinkRowAction, link: ReferralLink) => void;
  onOpenMenu: (anchor: HTMLElement, link: ReferralLink) => void;
}

/**
 * A program's links. Collapsed by default; the rows exist only while it is open (unmountOnExit),
 * so a list of thousands of links costs one header per program until someone looks inside.
 */
export const LinkGroup = memo(function LinkGroup({
  group,
  expanded,
  selection,
  busyIds,
  onToggleExpanded,
  onSelect,
  onSelectMany,
  onAction,
  onOpenMenu,
}: LinkGroupProps) {
  const contentId = useId();
  const ids = group.links.map((link) => link.id);
  const selected = groupSelection(selection, ids);
  const selectedCount = ids.filter((id) => selection.has(id)).length;

  return (
    <Paper variant="outlined" component="section" aria-label={group.programName}>
      <Box sx={{ display: "flex", alignItems: "center", pl: 1 }}>
        <Checkbox
          checked={selected === "all"}
          indeterminate={selected === "some"}
          onChange={(_, checked) => onSelectMany(ids, checked)}
          slotProps={{ input: { "aria-label": `Select all links in ${group.programName}` } }}
        />
        <ButtonBase
          onClick={() => onToggleExpanded(group.programId)}
          aria-expanded={expanded}
          aria-controls={contentId}
          sx={{ flex: 1, justifyContent: "flex-start", gap: 1, py: 1.5, pr: 2, textAlign: "left", borderRadius: 1 }}
        >
          {/* h2: the level under the page's h1, with no heading between them in the tab */}
          <Typography component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {group.programName}
          </Typography>
          {selectedCount > 0 ? <Chip size="small" color="primary" label={`${String(selectedCount)} selected`} /> : null}
          <Chip size="small" label={`${String(group.links.length)} link${group.links.length === 1 ? "" : "s"}`} />
          <ExpandMoreIcon aria-hidden sx={{ transition: "transform 150ms", transform: expanded ? "rotate(180deg)" : "none" }} />
        </ButtonBase>
      </Box>
      <Collapse in={expanded} unmountOnExit id={contentId}>
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {group.links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              selected={selection.has(link.id)}
              busy={busyIds.has(link.id)}
              onSelect={onSelect}
              onAction={onAction}
              onOpenMenu={onOpenMenu}
            />
          ))}
        </Box>
      </Collapse>
    </Paper>
  );
});
