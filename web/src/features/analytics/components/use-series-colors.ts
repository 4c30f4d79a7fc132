import { useColorScheme, useTheme } from "@mui/material/styles";

/**
 * The charts' series colours in the scheme on screen, as plain colours. The charts draw them into SVG
 * and pick their default palette by `theme.palette.mode`, which with CSS variables is always the light
 * scheme's: on a dark page their light-scheme blues and indigo would be dark lines on a dark card.
 */
export function useSeriesColors(): { primary: string; secondary: string } {
  const theme = useTheme();
  const { colorScheme } = useColorScheme();
  const palette = theme.colorSchemes[colorScheme ?? theme.defaultColorScheme]?.palette ?? theme.palette;
  return { primary: palette.primary.main, secondary: palette.secondary.main };
}
