import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";

interface PageLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons shown in the header, next to the title. */
  actions?: ReactNode;
  children?: ReactNode;
  /** More styles for the page (its `main`), e.g. larger touch targets on a phone. */
  sx?: SxProps<Theme>;
}

const PAGE = { minHeight: "100vh", bgcolor: "background.default", pt: { xs: 6, md: 5 }, pb: { xs: 3, md: 5 } } as const;

/** A page with a header (title, subtitle, actions) and content below. */
export function PageLayout({ title, subtitle, actions, children, sx }: PageLayoutProps) {
  return (
    // On a phone the top padding clears the theme toggle in the corner (RootLayout), above a long title.
    <Box component="main" sx={sx ? [PAGE, ...(Array.isArray(sx) ? sx : [sx])] : PAGE}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: "column", md: "row" }}
          spacing={2}
          sx={{ justifyContent: "space-between", alignItems: { xs: "flex-start", md: "center" }, mb: 4 }}
        >
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {subtitle ? (
              <Typography component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          {actions ? (
            // the row of buttons may wrap, a button's label never (a two-line button looks broken)
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", "& .MuiButton-root": { whiteSpace: "nowrap" } }}>
              {actions}
            </Stack>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
