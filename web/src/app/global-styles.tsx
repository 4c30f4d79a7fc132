import CssBaseline from "@mui/material/CssBaseline";
import GlobalStyles from "@mui/material/GlobalStyles";
import type { CSSObject } from "@emotion/react";
import { useMemo } from "react";
import { COLOR_SCHEME_ATTRIBUTE, theme } from "./theme";
import { visitorIslandStyles } from "./visitor-island-styles";

/**
 * The page-wide CSS beside the theme's variables (which the theme provider renders): the dark
 * fallback, MUI's baseline and the look of the first pages' visitor island. The build renders it into every page (app/global-css.ts); the browser
 * renders it only on a page without it (Vite's dev server), and loads this module only then.
 */
export default function AppGlobalStyles() {
  const fallback = useMemo(() => systemDarkFallback(), []);
  return (
    <>
      <GlobalStyles styles={fallback} />
      <CssBaseline />
      <GlobalStyles styles={visitorIslandStyles} />
    </>
  );
}

/**
 * The dark scheme's variables for a dark-system visitor before the app has set the attribute: on a
 * prerendered page (`/`, `/programs`) the HTML paints before any script runs, and the app's CSP
 * refuses the inline script MUI would put first in <head> (InitColorSchemeScript). The media query
 * needs no script, so the page never flashes light; once the attribute is there, MUI's own rules apply.
 */
function systemDarkFallback(): CSSObject {
  const selector = `[${COLOR_SCHEME_ATTRIBUTE}="dark"]`;
  const sheet = theme
    .generateStyleSheets()
    .find((styles): styles is Record<string, CSSObject> => typeof styles === "object" && selector in styles);
  if (!sheet?.[selector]) throw new Error(`The theme generated no rule for ${selector}`);
  return { "@media (prefers-color-scheme: dark)": { [`:root:not([${COLOR_SCHEME_ATTRIBUTE}])`]: sheet[selector] } };
}
