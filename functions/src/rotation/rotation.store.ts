import type { DistributionMode } from "@hub/contract/programs";
import { getProgram } from "../catalog/programs.store";
import { linksCollection } from "../links/links.store";
import { toDate } from "../platform/timestamps";
import { ownersOutOfRotationAmong } from "../accounts/users.store";
import { isActiveLink } from "../links/link-state";
import { readConsistently, unfoldedVisits } from "../visits/visits.store";

export interface RotationCandidate {
  id: string;
  url: string;
  /** Submission time in ms: balanced mode sends ties to the newest. */
  createdAtMs: number;
  /** Counted visits so far (stored plus not yet folded); read only for balanced mode. */
  visits: number;
}

export interface RotationSource {
  mode: DistributionMode;
  fallbackUrl: string | null;
  /** For the page that says its offer has ended. */
  programName: string;
  /** The offer's last day (UTC): from the day after, nobody is sent to its links (decided per visit, on the visit's day). */
  offerEndsOn: string | null;
  /** The active links: approved, not paused, not dead, not failing, owner neither blocked nor lapsed. */
  links: RotationCandidate[];
}

/**
 * What the rotation of one program needs, or null when the program is unknown or not approved.
 * Reads the program, its links that are approved, unpaused and alive (an equality query, no scan of
 * other programs), the user documents of just those links' owners, and, in balanced mode, the
 * counters not yet folded that count those links (with the links, at one point in time; a link moved
 * in today brings its visits from the other program along).
 */
export async function loadRotationSource(programId: string): Promise<RotationSource | null> {
  const program = await getProgram(programId);
  if (!program?.approved) return null;
  const activeLinks = linksCollection()
    .where("programId", "==", programId)
    .where("approved", "==", true)
    .where("paused", "==", false)
    .where("isDead", "==", false)
    .select("link", "email", "createdAt", "visitCount", "approved", "paused", "isDead", "health.status");
  const { docs, unfolded } =
    program.distributionMode === "balanced"
      ? await readConsistently(async (tx) => {
          const links = (await tx.get(activeLinks)).docs;
          return { docs: links, unfolded: await unfoldedVisits(tx, { linkIds: links.map((d) => d.id) }) };
        })
      : { docs: (await activeLinks.get()).docs, unfolded: new Map<string, number>() };
  const heldBack = await ownersOutOfRotationAmong(docs.map((d) => String(d.get("email"))));
  return {
    mode: program.distributionMode,
    fallbackUrl: program.fallbackUrl,
    programName: program.name,
    offerEndsOn: program.offerEndsOn,
    links: docs
      // the query narrows, the one predicate decides (the admin's list and analytics use it too); a failing
      // link is filtered here, not in the query: links stored before health existed have no such field
      .filter((d) =>
        isActiveLink(
          {
            approved: d.get("approved") === true,
            paused: d.get("paused") === true,
            isDead: d.get("isDead") === true,
            failing: d.get("health.status") === "failing",
            email: String(d.get("email")),
          },
          heldBack,
        ),
      )
      .map((d) => {
        const stored = d.get("visitCount");
        return {
          id: d.id,
          url: String(d.get("link")),
          createdAtMs: toDate(d.get("createdAt"))?.getTime() ?? 0,
          visits: (typeof stored === "number" ? stored : 0) + (unfolded.get(d.id) ?? 0),
        };
      }),
  };
}
