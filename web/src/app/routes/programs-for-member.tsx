import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ownLinksQueryOptions } from "@/features/links/api/get-own-links";
import { LINK_STATUS_LABELS, linkStatus } from "@/features/links/utils/link-status";
import { PublicProgramList } from "@/features/programs/components/public-program-list";

/**
 * /programs' list for a signed-in member: the public list with their own links (which programs they
 * are in). Its own chunk, loaded for members only: a visitor's phone does not fetch the links' code.
 */
export default function ProgramsForMember({ communityName }: { communityName: string | undefined }) {
  const ownLinks = useQuery(ownLinksQueryOptions());
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
  return (
    <PublicProgramList viewer={{ kind: "member", ownLinks: ownLinksByProgram, error: ownLinks.error }} communityName={communityName} />
  );
}
