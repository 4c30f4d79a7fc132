import Button from "@mui/material/Button";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";
import { Link as RouterLink } from "react-router-dom";
import { PageLayout } from "@/components/layouts/index";
import { useAuth } from "@/features/auth/components/use-auth";
import { userLinksQueryOptions } from "@/features/links/api/get-user-links";
import { LINK_STATUS_LABELS, linkStatus } from "@/features/links/utils/link-status";
import { PublicProgramList, PublicProgramListSkeleton, type Viewer } from "@/features/programs/components/public-program-list";
import { useCommunity } from "@/lib/community";
import { usePageTitle } from "@/lib/use-page-title";

export default function ProgramsRoute() {
  usePageTitle("Referral Programs");
  const { user, isLoading, likelyVisitor } = useAuth();
  // deferred: its arrival renders as a transition, in short slices (see PublicProgramList)
  const community = useDeferredValue(useCommunity().data);
  const signedIn = user !== null;
  // Composes the features: the public list, and for a member their own links (which programs they are in).
  const ownLinks = useQuery({ ...userLinksQueryOptions(), enabled: signedIn });
  const ownLinksByProgram = useMemo(
    () =>
      ownLinks.data
        ? new Map(
            ownLinks.data.map((link) => {
              const status = linkStatus(link);
              return [link.programId, { statusLabel: LINK_STATUS_LABELS[status], inRotation: status === "active" }] as const;
            }),
          )
        : undefined,
    [ownLinks.data],
  );
  const viewer: Viewer = signedIn ? { kind: "member", ownLinks: ownLinksByProgram, error: ownLinks.error } : { kind: "visitor" };

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
      {isLoading && !likelyVisitor ? <PublicProgramListSkeleton /> : <PublicProgramList viewer={viewer} communityName={community?.name} />}
    </PageLayout>
  );
}
