// What makes a screen work on a phone (below MUI's `sm`, 600 px): dialogs that fill the screen with
// their actions always in view, tables that stack, touch targets a finger can hit.
export { ResponsiveDialog, useFullScreenDialog } from "./responsive-dialog";
export { phoneTouchTargets, TOUCH_TARGET, TOUCH_TARGET_RULES } from "./touch-targets";
export { CellLabel, stackedTable, visuallyHidden } from "./stacked-table";
export { SidewaysScroll } from "./sideways-scroll";
