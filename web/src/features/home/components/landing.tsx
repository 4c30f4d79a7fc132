import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { memo, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { PlainSkeleton } from "@/components/plain-skeleton/index";
import { VISITOR_ONLY_SX } from "@/lib/had-session-mark";
import type { Community } from "@hub/contract/community";
import { MemberEntry } from "./member-entry";
import { SignedInActions } from "./signed-in-actions";

interface LandingProps {
  /** The community running the hub; "loading" while it is read, undefined when it could not be. */
  community: Community | "loading" | undefined;
  /** The signed-in person, null for a visitor, "loading" while a session is being restored. */
  user: { email: string; isAdmin: boolean } | null | "loading";
  /** The session's logout control, shown in the signed-in variant. */
  logoutAction: ReactNode;
}

/** / – the landing page; with a session it offers the member's destinations instead of the login. */
export const Landing = memo(function Landing({ community: communityState, user, logoutAction }: LandingProps) {
  const loading = communityState === "loading";
  const community = loading ? undefined : communityState;
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "grid",
        placeItems: "center",
        px: 2,
        py: 6,
        background: (theme) =>
          `linear-gradient(160deg, rgba(${theme.vars.palette.primary.mainChannel} / 0.08) 0%, ${theme.vars.palette.background.default} 55%)`,
      }}
    >
      <Container maxWidth="sm" disableGutters>
        <Stack spacing={1.5} sx={{ textAlign: "center", mb: 4 }}>
          {/* as tall as the overline that replaces it */}
          {loading ? <PlainSkeleton width={160} height={32} sx={{ mx: "auto" }} aria-hidden /> : null}
          {community ? (
            <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: "0.12em" }}>
              {community.name}
            </Typography>
          ) : null}
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, letterSpacing: "-0.02em", fontSize: { xs: "2.25rem", sm: "3rem" } }}
          >
            Referral Hub
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            {community
              ? `Members of ${community.name} share their referral links here, and the hub rotates them fairly.`
              : "Members share their referral links here, and the hub rotates them fairly."}
          </Typography>
        </Stack>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
          {user === "loading" ? (
            // As tall as a visitor's variant below (the likelier one), part by part: the page is
            // centred, and anything taller or shorter would move the heading when it replaces this.
            <Stack spacing={3} aria-busy="true">
              <Stack spacing={2}>
                <PlainSkeleton width="40%" height={28} />
                <PlainSkeleton variant="rounded" height={83} />
                <PlainSkeleton variant="rounded" height={42.3} />
              </Stack>
              <PlainSkeleton height={24} />
              <PlainSkeleton variant="rounded" sx={{ height: { xs: 85, sm: 36.5 } }} />
              <PlainSkeleton width="50%" height={30.8} sx={{ mx: "auto" }} />
            </Stack>
          ) : user ? (
            <SignedInActions email={user.email} isAdmin={user.isAdmin} logoutAction={logoutAction} />
          ) : (
            <Stack spacing={3} sx={VISITOR_ONLY_SX}>
              <MemberEntry />
              <Divider>or</Divider>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
                <Button component={RouterLink} to="/auth" variant="outlined" fullWidth>
                  Admin
                </Button>
                {loading ? <PlainSkeleton variant="rounded" height={36.5} sx={{ width: "100%" }} aria-hidden /> : null}
                {community ? (
                  <Button
                    component="a"
                    href={community.joinUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="outlined"
                    endIcon={<OpenInNewIcon />}
                    fullWidth
                  >
                    Join membership
                  </Button>
                ) : null}
              </Stack>
              <Button component={RouterLink} to="/programs" size="small">
                Browse the referral programs
              </Button>
            </Stack>
          )}
        </Paper>
      </Container>
    </Box>
  );
});
