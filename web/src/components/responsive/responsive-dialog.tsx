import Dialog, { type DialogProps } from "@mui/material/Dialog";
import { useTheme, type Theme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { TOUCH_TARGET_RULES } from "./touch-targets";

/** Whether a dialog fills the screen: below MUI's `sm` breakpoint (600 px), a phone. */
export function useFullScreenDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down("sm"));
}

/**
 * Every dialog of the app, in one place. On a phone it fills the screen, and only its content
 * scrolls: the title stays on top and the actions (DialogActions, outside DialogContent) at the
 * bottom, always in view, with 44 px touch targets. Wider, it is the usual floating box, whose
 * content also scrolls between the title and the actions when it is taller than the window.
 *
 * A form inside (DialogForm) is laid out as a column for the same reason: see form-dialog.tsx.
 */
export function ResponsiveDialog({ sx, fullScreen, fullWidth = true, ...props }: DialogProps) {
  const phone = useFullScreenDialog();
  return (
    <Dialog fullWidth={fullWidth} fullScreen={fullScreen ?? phone} {...props} sx={[dialogLayout, ...(Array.isArray(sx) ? sx : [sx])]} />
  );
}

const dialogLayout = (theme: Theme) => ({
  // a form inside (DialogForm) passes the paper's column on: its content scrolls, its actions stay
  "& .MuiDialog-paper > form": { display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 },
  // a long program name in a title wraps instead of widening the dialog
  "& .MuiDialogTitle-root": { overflowWrap: "anywhere" },
  // several actions (e.g. Delete User, Cancel, Save) wrap onto a second line rather than run off
  "& .MuiDialogActions-root": { flexWrap: "wrap", rowGap: 1 },
  [theme.breakpoints.down("sm")]: {
    ...TOUCH_TARGET_RULES,
    // full screen: the actions are a footer, set off from the content that scrolls above them,
    // clear of a phone's home indicator
    "& .MuiDialogActions-root": {
      borderTop: 1,
      borderColor: "divider",
      px: 2,
      pt: 1.5,
      pb: "calc(12px + env(safe-area-inset-bottom, 0px))",
    },
    "& .MuiDialogTitle-root": { px: 2 },
    "& .MuiDialogContent-root": { px: 2 },
  },
});
