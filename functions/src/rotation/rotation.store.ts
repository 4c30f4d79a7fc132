import type { DistributionMode } from "@hub/contract/programs";
import { getProgram } from "../catalog/programs.store";
import { linksCollection, writeBreakTurns } from "../links/links.store";
import { toDate } from "../platform/timestamps";
import { rotationOwnersAmong } from "../accounts/users.store";
import { linkAvailability } from "../links/link-availability";
import { readConsistently, unfoldedVisits } from "../visits/visits.store";
import { offsetOnReturn } from "./balance-offset";

export interface RotationCandidate {
  id: string;
  url: string;
  /** Submission time in ms: balanced mode sends ties to the newest. */
  createdAtMs: number;
  /** Counted visits so far (stored plus not yet folded); read only for balanced mode. */
  visits: number;
  /** Its share of the rotation against the others' (the owner's tier weight, an integer 1–10); 1 when not given. */
  weight?: number;
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
 * Reads the program, the tiers, its links that are approved, unpaused and alive (an equality query, no
 * scan of other programs), the user documents of just those links' owners (who is held back, and each
 * one's tier: a link's weight is its owner's tier weight), and, in balanced mode, the
 * counters not yet folded that count those links (with the links, at one point in time; a link moved
 * in today brings its visits from the other program along). A link's cap and snooze are derived from
 * its stored days and `today` (link-availability), so no job has to run first.
 */
export async function loadRotationSource(programId: string, today: string): Promise<RotationSource | null> {
  const program = await getProgram(programId);
  if (!program?.approved) return null;
  const activeLinks = linksCollection()
    .where("programId", "==", programId)
    .where("approved", "==", true)
    .where("paused", "==", false)
    .where("isDead", "==", false)
    .select(
      "link",
      "email",
      "createdAt",
      "visitCount",
      "approved",
      "paused",
      "isDead",
      "health.status",
      "paidOn",
      "snoozedUntil",
      "balanceOffset",
      "away",
    );
  const balanced = program.distributionMode === "balanced";
  const { docs, unfolded } = balanced
    ? await readConsistently(async (tx) => {
        const links = (await tx.get(activeLinks)).docs;
        return { docs: links, unfolded: await unfoldedVisits(tx, { linkIds: links.map((d) => d.id) }) };
      })
    : { docs: (await activeLinks.get()).docs, unfolded: new Map<string, number>() };
  const { heldBack, weights } = await rotationOwnersAmong(docs.map((d) => String(d.get("email"))));
  const read = docs.map((d) => {
    const stored = d.get("visitCount");
    const link = {
      approved: d.get("approved") === true,
      paused: d.get("paused") === true,
      isDead: d.get("isDead") === true,
      failing: d.get("health.status") === "failing",
      snoozedUntil: typeof d.get("snoozedUntil") === "string" ? (d.get("snoozedUntil") as string) : null,
      paidOn: strings(d.get("paidOn")),
    };
    const { outReason, onBreak } = linkAvailability({ link, program, ownerHeldBack: heldBack.has(String(d.get("email"))) }, today);
    return {
      id: d.id,
      url: String(d.get("link")),
      createdAtMs: toDate(d.get("createdAt"))?.getTime() ?? 0,
      visits: (typeof stored === "number" ? stored : 0) + (unfolded.get(d.id) ?? 0),
      weight: weights.get(String(d.get("email"))) ?? 1,
      balanceOffset: numberOr0(d.get("balanceOffset")),
      away: d.get("away") === true,
      // the query narrows, the one availability decides (every link answer and analytics read it too); a
      // failing link is filtered here, not in the query: links stored before health existed have no such field
      active: outReason === null,
      onBreak,
    };
  });
  const links = balanced ? await balanceReturns(read) : read;
  return {
    mode: program.distributionMode,
    fallbackUrl: program.fallbackUrl,
    programName: program.name,
    offerEndsOn: program.offerEndsOn,
    links: links
      .filter((l) => l.active)
      .map(({ id, url, createdAtMs, visits, balanceOffset, weight }) => ({ id, url, createdAtMs, visits: visits + balanceOffset, weight })),
  };
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const numberOr0 = (value: unknown): number => (typeof value === "number" ? value : 0);

interface ReadLink {
  id: string;
  visits: number;
  weight: number;
  balanceOffset: number;
  away: boolean;
  active: boolean;
  onBreak: boolean;
}

/**
 * No catch-up after a break (balanced mode): a link seen out for a cap, a snooze or failing health is
 * marked away; when it is next seen active its offset is set by offsetOnReturn (from the others'
 * lowest count or its own, whichever is higher). Written only on
 * those turns, each in a transaction that checks the mark is still as read (another instance may
 * have written it first); the links answered carry what was written.
 */
async function balanceReturns<L extends ReadLink>(links: L[]): Promise<L[]> {
  const leaving = links.filter((l) => l.onBreak && !l.active && !l.away);
  const returning = links.filter((l) => l.active && l.away);
  if (leaving.length === 0 && returning.length === 0) return links;
  const offsets = new Map<string, number>();
  for (const link of returning) {
    const others = links
      .filter((o) => o.active && !o.away && o.id !== link.id)
      .map((o) => ({ count: o.visits + o.balanceOffset, weight: o.weight }));
    offsets.set(link.id, offsetOnReturn(link, others));
  }
  await writeBreakTurns(
    leaving.map((l) => l.id),
    offsets,
  );
  return links.map((l) => (offsets.has(l.id) ? { ...l, away: false, balanceOffset: offsets.get(l.id)! } : l));
}
