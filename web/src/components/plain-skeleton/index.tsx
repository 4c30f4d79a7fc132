import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { keyframes } from "@emotion/react";

const pulse = keyframes`0% { opacity: 1; } 50% { opacity: 0.4; } 100% { opacity: 1; }`;

/** MUI Skeleton's look (its colour, shapes and pulse), with the theme's radius of 10 px. */
const BASE_SX = {
  display: "block",
  bgcolor: "Skeleton.bg",
  height: "1.2em",
  animation: `${pulse} 2s ease-in-out 0.5s infinite`,
  "@media (prefers-reduced-motion: reduce)": { animation: "none" },
} as const;
const VARIANT_SX = {
  // a line of text: as tall as the text, drawn at 60% of it
  text: {
    my: 0,
    height: "auto",
    transformOrigin: "0 55%",
    transform: "scale(1, 0.60)",
    borderRadius: "10px/16.7px",
    "&:empty:before": { content: '"\\00a0"' },
  },
  rounded: { borderRadius: 1 },
} as const;

interface PlainSkeletonProps {
  variant?: keyof typeof VARIANT_SX;
  width?: number | string;
  height?: number | string;
  sx?: SxProps<Theme>;
  "aria-hidden"?: boolean;
}

/**
 * A placeholder drawn as MUI's Skeleton draws it, for the first pages (the landing page, /programs):
 * Skeleton's code is 1.5 KB of gzip that every phone would download with them. Elsewhere the app
 * keeps MUI's Skeleton.
 */
export function PlainSkeleton({ variant = "text", width, height, sx, ...rest }: PlainSkeletonProps) {
  return (
    <Box component="span" style={{ width, height }} sx={[BASE_SX, VARIANT_SX[variant], ...(Array.isArray(sx) ? sx : [sx])]} {...rest} />
  );
}
