import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { lazy, Suspense, useDeferredValue } from "react";
import { Link as RouterLink } from "react-router-dom";
import { PageLayout } from "@/components/layouts/index";
import { useAuth } from "@/features/auth/components/use-auth";
import { preloadRotationQrCode } from "@/features/programs/components/public-program-card";
import { PublicProgramList, PublicProgramListSkeleton } from "@/features/programs/components/public-program-list";
import { useCommunity } from "@/lib/community";
import { VISITOR_ONLY_SX } from "@/lib/had-session-mark";
import { usePageTitle } from "@/lib/use-page-title";

// Composes the features: the public list, and for a member their own links (which programs they are in).
const ProgramsForMember = lazy(() => import("./programs-for-member"));

/** What the server-rendered page shows that loads on its own: the cards' QR codes (app/router.tsx). */
export function preloadPageParts(): Promise<unknown> {
  return preloadRotationQrCode();
}

export default function ProgramsRoute() {
  usePageTitle("Referral Programs");
  const { user, isLoading, likelyVisitor } = useAuth();
  // deferred: its arrival renders as a transition, in short slices (see PublicProgramList)
  const community = useDeferredValue(useCommunity().data);
  const signedIn = user !== null;

  return (
    <PageLayout
      title="Referral Programs"
      subtitle={
        community
          ? `Programs the members of ${community.name} share. Each rotation address sends every visitor to one member's link, in fair turns.`
          : "Each rotation address sends every visitor to one member's link, in fair turns."
      }
      actions={
        <>
          <Button component={RouterLink} to="/" variant="outlined">
            Back to Home
          </Button>
          {signedIn ? (
            <Button component={RouterLink} to="/dashboard" variant="contained">
              My Dashboard
            </Button>
          ) : null}
        </>
      }
    >
      {/* A visitor sees the list at once, before Firebase Auth has loaded; a browser that had a session
          waits for it, and so does the prerendered page (the same for everyone). The skeleton, not a
          spinner: the cards take its place without moving the page, and it animates off the main thread. */}
      {isLoading && !likelyVisitor ? (
        <PublicProgramListSkeleton />
      ) : signedIn ? (
        <Suspense fallback={<PublicProgramListSkeleton />}>
          <ProgramsForMember communityName={community?.name} />
        </Suspense>
      ) : (
        // the server's render: in a browser that had a session, hidden until the session is known
        <Box sx={VISITOR_ONLY_SX}>
          <PublicProgramList viewer={{ kind: "visitor" }} communityName={community?.name} />
        </Box>
      )}
    </PageLayout>
  );
}
