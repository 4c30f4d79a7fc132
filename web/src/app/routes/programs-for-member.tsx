import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ownLinksQueryOptions } from "@/features/links/api/get-own-links";
import { LINK_STATUS_LABELS, linkStatus } from "@/features/links/utils/link-status";
import { programsQueryOptions } from "@/features/programs/api/get-programs";
import { PublicProgramList } from "@/features/programs/components/public-program-list";
import { endedOwnPrograms } from "@/features/programs/utils/public-program-list";

/**
 * /programs' list for a signed-in member: the public list with their own links (which programs they
 * are in), and their programs whose offer has ended, which the public list leaves out (read from the
 * member's GET /api/programs, which says `offerEnded`). Its own chunk, loaded for members only: a
 * visitor's phone does not fetch the links' code.
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
  const programs = useQuery(programsQueryOptions());
  const endedPrograms = useMemo(() => endedOwnPrograms(programs.data, ownLinksByProgram), [programs.data, ownLinksByProgram]);
  return (
    <PublicProgramList
      viewer={{ kind: "member", ownLinks: ownLinksByProgram, endedPrograms, error: ownLinks.error }}
      communityName={communityName}
    />
  );
}
