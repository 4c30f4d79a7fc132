import Button from "@mui/material/Button";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link as RouterLink } from "react-router-dom";
import { PageLayout } from "@/components/layouts/index";
import { PageSpinner } from "@/components/spinners/index";
import { useAuth } from "@/features/auth/components/use-auth";
import { userLinksQueryOptions } from "@/features/links/api/get-user-links";
import { LINK_STATUS_LABELS, linkStatus } from "@/features/links/utils/link-status";
import { PublicProgramList, type Viewer } from "@/features/programs/components/public-program-list";
import { useCommunity } from "@/lib/community";
import { usePageTitle } from "@/lib/use-page-title";

export default function ProgramsRoute() {
  usePageTitle("Referral Programs");
  const { user, isLoading, likelyVisitor } = useAuth();
  const { data: community } = useCommunity();
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
      {/* A visitor sees the list at once, before Firebase Auth has loaded; a browser that had a session waits for it. */}
      {isLoading && !likelyVisitor ? <PageSpinner /> : <PublicProgramList viewer={viewer} communityName={community?.name} />}
    </PageLayout>
  );
}
