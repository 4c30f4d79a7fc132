import { createTheme } from "@mui/material/styles";

// `theme.vars` (the CSS variables of whichever scheme is on) is always there: no `theme.vars ?? theme`.
declare module "@mui/material/styles" {
  interface CssThemeVariables {
    enabled: true;
  }
}

/**
 * The attribute on <html> that names the scheme on screen ("light" or "dark"). MUI sets it once the
 * app runs (to the system's scheme while the mode is "system"); before that, on a prerendered page,
 * it is missing and SYSTEM_DARK_FALLBACK follows the system, or public/visitor-island.js has set
 * it from a stored choice.
 */
export const COLOR_SCHEME_ATTRIBUTE = "data-hub-theme";
/** Where MUI keeps the mode chosen with the theme toggle; public/visitor-island.js reads the same key. */
export const COLOR_MODE_STORAGE_KEY = "hub-color-mode";

export const theme = createTheme({
  // Colours are CSS variables, switched by the attribute: the prerendered HTML is the same for both
  // schemes (no hydration mismatch), and a change of scheme repaints without re-rendering React.
  cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: "#4338ca" },
        secondary: { main: "#0f766e" },
        background: { default: "#f7f7fb" },
        // MUI's default orange and light blue carry white text at 3.1:1 and 4.1:1 (filled chips, and the
        // same colours as text on white in outlined ones); these darker shades of them reach WCAG AA's 4.5:1.
        warning: { main: "#b45309" },
        info: { main: "#0369a1" },
      },
    },
    // Lighter shades of the same hues: the light scheme's indigo and teal are too dark to read on a
    // dark page. The status colours are lighter than MUI's dark defaults so that a filled chip's
    // text is dark (MUI's white on its red or green is under 4.5:1), and outlined text stays readable.
    dark: {
      palette: {
        primary: { main: "#a5b4fc" },
        secondary: { main: "#5eead4" },
        error: { main: "#f87171" },
        warning: { main: "#fbbf24" },
        info: { main: "#7dd3fc" },
        success: { main: "#4ade80" },
        background: { default: "#0f1117", paper: "#181b23" },
        divider: "rgba(255, 255, 255, 0.14)",
      },
    },
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
