import { createTheme } from "@mui/material/styles";

export const theme = createTheme({
  palette: {
    primary: { main: "#4338ca" },
    secondary: { main: "#0f766e" },
    background: { default: "#f7f7fb" },
    // MUI's default orange and light blue carry white text at 3.1:1 and 4.1:1 (filled chips, and the
    // same colours as text on white in outlined ones); these darker shades of them reach WCAG AA's 4.5:1.
    warning: { main: "#b45309" },
    info: { main: "#0369a1" },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { elevation: 0 } },
    // While a section opens or closes (accordion cards, link groups), Collapse clips its content with
    // `overflow: hidden`, which still lets the browser scroll it: anything that brings a control inside
    // into view (keyboard focus, an automated click) scrolls the clip box, and the content then slides
    // back down as the box grows, away from the pointer between press and release, so the click is lost.
    // `clip` clips the same but is not a scroll container, so the content never moves. Once open
    // (`entered`) MUI shows the overflow as before.
    MuiCollapse: { styleOverrides: { root: { "&:not(.MuiCollapse-entered)": { overflow: "clip" } } } },
  },
});
