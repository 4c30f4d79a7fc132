import type { CSSObject } from "@emotion/react";
import type { Theme, TypographyVariantsOptions } from "@mui/material/styles";

type TextStyle = NonNullable<TypographyVariantsOptions["body2"]>;
/** A typography variant's font, as plain CSS. */
const font = ({ fontFamily, fontWeight, fontSize, lineHeight, letterSpacing, textTransform }: TextStyle): CSSObject =>
  ({ fontFamily, fontWeight, fontSize, lineHeight, letterSpacing, textTransform }) as CSSObject;

/**
 * The look of what public/visitor-island.js draws on the server-rendered pages before the app runs,
 * in the page-wide CSS (app/global-css.ts) so that the island carries no CSS of its own: its toast,
 * as the app's (components/toasts/toaster.tsx: MUI's Snackbar and Alert), its QR code dialog, as the
 * app's (features/programs/components/rotation-qr-dialog.tsx: MUI's Dialog), and the cards it hides.
 */
export function visitorIslandStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  const radius = `${String(theme.shape.borderRadius)}px`;
  const { fontFamily } = theme.typography;
  return {
    // MUI's classes give the cards and their grid a display of their own, which beats the attribute's
    "[data-program][hidden], [data-program-grid][hidden]": { display: "none" },
    // rendered hidden by React, shown by the island while its search matches no card
    "[data-no-match][data-shown]": { display: "block" },

    // the live region is always there, empty between toasts; bottom right from 600 px up, as the app's
    ".hub-toast": {
      position: "fixed",
      zIndex: theme.zIndex.snackbar,
      left: 8,
      right: 8,
      bottom: 8,
      display: "flex",
      justifyContent: "center",
    },
    [theme.breakpoints.up("sm")]: { ".hub-toast": { left: "auto", right: 24, bottom: 24 } },
    ".hub-toast > div": {
      ...font(theme.typography.body2),
      flex: "1 1 auto",
      maxWidth: 420,
      padding: "14px 16px",
      borderRadius: radius,
      border: `1px solid ${palette.divider}`,
      backgroundColor: palette.background.paper,
      color: palette.text.primary,
      boxShadow: theme.vars.shadows[6],
    },
    ".hub-toast b": { display: "block", marginBottom: 4, fontSize: "1rem", fontWeight: 600 },
    ".hub-toast [data-failed]": { borderColor: "transparent", backgroundColor: palette.error.main, color: palette.error.contrastText },

    ".hub-qr": {
      boxSizing: "border-box",
      width: "calc(100% - 64px)",
      // MUI's dialog of maxWidth xs
      maxWidth: 444,
      padding: 0,
      border: 0,
      borderRadius: radius,
      backgroundColor: palette.background.paper,
      // the dark scheme's lighter paper for a raised surface, as MUI's dialog has (none in the light one)
      backgroundImage: "var(--mui-overlays-24)",
      color: palette.text.primary,
      boxShadow: theme.vars.shadows[24],
      fontFamily,
    },
    ".hub-qr::backdrop": { backgroundColor: "rgba(0, 0, 0, 0.5)" },
    ".hub-qr h2": { ...font(theme.typography.h6), margin: 0, padding: "16px 24px", overflowWrap: "anywhere" },
    // a QR code is dark on light whatever the scheme, as the app's canvas is
    ".hub-qr svg": {
      display: "block",
      width: "calc(100% - 48px)",
      maxWidth: 256,
      height: "auto",
      margin: "0 auto",
      backgroundColor: "#fff",
    },
    ".hub-qr p": { ...font(theme.typography.body2), margin: "16px 24px 20px", textAlign: "center", color: palette.text.secondary },
    ".hub-qr code": { display: "block", fontFamily: "monospace", wordBreak: "break-all" },
    ".hub-qr p + div": { display: "flex", justifyContent: "flex-end", gap: 8, padding: 8 },
    ".hub-qr button": {
      ...font(theme.typography.button),
      minWidth: 64,
      padding: "6px 8px",
      border: 0,
      borderRadius: radius,
      backgroundColor: "transparent",
      color: palette.primary.main,
      cursor: "pointer",
      "&:hover": { backgroundColor: `rgba(${palette.primary.mainChannel} / ${palette.action.hoverOpacity})` },
    },
    ".hub-qr button:last-child": {
      padding: "6px 16px",
      backgroundColor: palette.primary.main,
      color: palette.primary.contrastText,
      "&:hover": { backgroundColor: palette.primary.dark },
    },
  };
}
