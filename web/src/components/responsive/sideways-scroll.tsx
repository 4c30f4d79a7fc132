import Box from "@mui/material/Box";
import TableContainer from "@mui/material/TableContainer";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

/** What lies beyond the box's edges, as the member scrolls it. */
interface Beyond {
  start: boolean;
  end: boolean;
}

/**
 * A table wider than a phone (the admin's analytics): it scrolls sideways inside its box, and says
 * so: a shade on each side with more to see, and "Scroll sideways for more" under it while anything
 * is out of view. The box is marked data-scrolls="x", the layout check's sign for a sideways scroll
 * the design allows. The member's own tables stack instead (stackedTable).
 */
export function SidewaysScroll({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const [beyond, setBeyond] = useState<Beyond>({ start: false, end: false });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const start = box.scrollLeft > 1;
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setBeyond((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener("scroll", update, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", update);
    };
  }, []);
  const shade = (side: "left" | "right", shown: boolean) => ({
    content: '""',
    position: "absolute",
    top: 0,
    bottom: 0,
    [side]: 0,
    width: 16,
    pointerEvents: "none",
    opacity: shown ? 1 : 0,
    transition: "opacity 150ms",
    // the text's colour, faint: a shadow in the light scheme, a glow in the dark one
    background: `linear-gradient(to ${side === "left" ? "right" : "left"}, rgba(${theme.vars.palette.text.primaryChannel} / 0.18), transparent)`,
  });
  return (
    <>
      <Box sx={{ position: "relative", "&::before": shade("left", beyond.start), "&::after": shade("right", beyond.end) }}>
        <TableContainer ref={ref} data-scrolls="x">
          {children}
        </TableContainer>
      </Box>
      {beyond.start || beyond.end ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5 }}>
          Scroll sideways for more
        </Typography>
      ) : null}
    </>
  );
}
