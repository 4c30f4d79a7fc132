import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleOutlineOutlinedIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import DriveFileMoveOutlinedIcon from "@mui/icons-material/DriveFileMoveOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import NetworkCheckIcon from "@mui/icons-material/NetworkCheck";
import PauseCircleOutlineOutlinedIcon from "@mui/icons-material/PauseCircleOutlineOutlined";
import PlayCircleOutlineOutlinedIcon from "@mui/icons-material/PlayCircleOutlineOutlined";
import type { ReactNode } from "react";
import type { ReferralLink } from "@hub/contract/links";
import type { LinkRowAction } from "./use-link-actions";

interface MenuEntry {
  action: LinkRowAction;
  label: string;
  icon: ReactNode;
}

/** The actions that apply to a link in its current state, in menu order. */
function entriesFor(link: ReferralLink): MenuEntry[] {
  return [
    ...(!link.approved
      ? [{ action: "approve" as const, label: "Approve", icon: <CheckCircleOutlineOutlinedIcon fontSize="small" /> }]
      : []),
    link.paused
      ? { action: "unpause" as const, label: "Unpause", icon: <PlayCircleOutlineOutlinedIcon fontSize="small" /> }
      : { action: "pause" as const, label: "Pause", icon: <PauseCircleOutlineOutlinedIcon fontSize="small" /> },
    link.isDead
      ? { action: "mark-alive" as const, label: "Mark Alive", icon: <FavoriteBorderIcon fontSize="small" /> }
      : { action: "mark-dead" as const, label: "Mark Dead", icon: <BlockIcon fontSize="small" /> },
    { action: "test", label: "Test", icon: <NetworkCheckIcon fontSize="small" /> },
    { action: "move", label: "Move", icon: <DriveFileMoveOutlinedIcon fontSize="small" /> },
    { action: "edit", label: "Edit", icon: <EditOutlinedIcon fontSize="small" /> },
    { action: "delete", label: "Delete", icon: <DeleteOutlinedIcon fontSize="small" color="error" /> },
  ];
}

interface LinkActionsMenuProps {
  target: { anchor: HTMLElement; link: ReferralLink } | null;
  onAction: (action: LinkRowAction, link: ReferralLink) => void;
  onClose: () => void;
}

/** One menu for the whole list, opened from a row's Actions button (rows stay light). */
export function LinkActionsMenu({ target, onAction, onClose }: LinkActionsMenuProps) {
  return (
    <Menu anchorEl={target?.anchor ?? null} open={target !== null} onClose={onClose}>
      {target
        ? entriesFor(target.link).map(({ action, label, icon }) => (
            <MenuItem
              key={action}
              onClick={() => {
                onClose();
                onAction(action, target.link);
              }}
            >
              <ListItemIcon>{icon}</ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          ))
        : null}
    </Menu>
  );
}
