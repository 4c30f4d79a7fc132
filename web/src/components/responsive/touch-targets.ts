import type { Theme } from "@mui/material/styles";

/** The least a control is, in CSS pixels, in both directions on a phone: a fingertip (WCAG 2.5.5, Apple's guideline). */
export const TOUCH_TARGET = 44;

/**
 * Inside it, every button, icon button, small select and switch row gets a target at least
 * TOUCH_TARGET tall (icon buttons wide too). For a phone's media query: see phoneTouchTargets.
 */
export const TOUCH_TARGET_RULES = {
  "& .MuiButton-root, & .MuiToggleButton-root": { minHeight: TOUCH_TARGET },
  // not an autocomplete's arrow or clear button: inside the field, which opens and clears on a tap itself
  "& .MuiIconButton-root:not(.MuiAutocomplete-popupIndicator):not(.MuiAutocomplete-clearIndicator)": {
    minWidth: TOUCH_TARGET,
    minHeight: TOUCH_TARGET,
  },
  // a switch or checkbox with its label: the whole row is what a finger presses
  "& .MuiFormControlLabel-root": { minHeight: TOUCH_TARGET },
  // a small select (8.5 px above and below a 23 px line: 40 px) grows to 44 px, its text still centred
  "& .MuiInputBase-sizeSmall .MuiSelect-select": { py: "10.5px" },
} as const;

/**
 * On a phone (below `sm`) the touch targets of TOUCH_TARGET_RULES; wider, nothing changes. Applied
 * around the member's screens (PageLayout's sx) and inside every dialog (ResponsiveDialog): not
 * theme-wide, so the prerendered visitor pages keep their measured layout.
 */
export const phoneTouchTargets = (theme: Theme) => ({ [theme.breakpoints.down("sm")]: TOUCH_TARGET_RULES });
