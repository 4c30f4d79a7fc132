import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";

type PlainTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "id"> & {
  label: string;
  /** Shown before the text (an icon). */
  startAdornment?: ReactNode;
  size?: "small" | "medium";
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** The <input> itself. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled text box drawn with a native <input>, for the first pages (the landing page, /programs):
 * MUI's TextField brings its select, menu and modal code along (about 20 KB gzip), which a phone
 * would download before the page works. Forms elsewhere keep TextField (components/forms).
 */
export function PlainTextField({ label, startAdornment, size = "medium", fullWidth = false, sx, ...inputProps }: PlainTextFieldProps) {
  const id = useId();
  return (
    <Box
      sx={[
        { display: "flex", flexDirection: "column", gap: 0.5, width: fullWidth ? "100%" : undefined },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box component="label" htmlFor={id} sx={{ typography: "body2", fontWeight: 500, color: "text.secondary" }}>
        {label}
      </Box>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1,
          px: 1.75,
          border: 1,
          borderColor: (theme) => `rgba(${theme.vars.palette.common.onBackgroundChannel} / 0.23)`,
          borderRadius: 1,
          bgcolor: "background.paper",
          color: "text.secondary",
          "&:hover": { borderColor: "text.primary" },
          "&:focus-within": { borderColor: "primary.main", boxShadow: (theme) => `inset 0 0 0 1px ${theme.vars.palette.primary.main}` },
        }}
      >
        {startAdornment}
        <Box
          component="input"
          id={id}
          {...inputProps}
          sx={{
            flex: 1,
            minWidth: 0,
            border: 0,
            outline: 0,
            bgcolor: "transparent",
            font: "inherit",
            fontSize: "1rem",
            color: "text.primary",
            py: size === "small" ? "8.5px" : "16.5px",
            "&::placeholder": { color: "text.secondary", opacity: 1 },
          }}
        />
      </Box>
    </Box>
  );
}
