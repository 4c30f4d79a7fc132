import type { DistributionMode } from "@hub/contract/programs";
import type { RotationCandidate, RotationSource } from "./rotation.store";

/**
 * One program's rotation inside one function instance: which active link the next visitor gets.
 *
 * - even: round-robin over the active links, in a fixed order (oldest first). Each instance starts
 *   at a random place in the cycle, so instances that start together do not all send their first
 *   visitor to the same link; every instance is exactly fair over what it serves, and the total is
 *   fair to within about the square root of the number of instances.
 * - balanced: the link with the fewest counted visits, ties to the newest. Counts are the ones read
 *   at the last refresh plus what this instance has sent since.
 *
 * Only counted visits move the rotation: bots and previews are sent on but do not use up a turn. A
 * turn taken for a visit that then proves a repeat (another instance counted this visitor or address
 * this hour) is given back, so it is not lost to its link.
 * A choice and its bookkeeping happen together, synchronously, so concurrent requests in one
 * instance never pick the same turn.
 */
export class Rotation {
  private links: RotationCandidate[] = [];
  private linkIds: readonly string[] = [];
  private mode: DistributionMode = "even";
  private cursor: number;
  private sentSinceRefresh = new Map<string, number>();
  /** Even mode: links whose turn was given back, served before the round-robin moves on. */
  private owed: string[] = [];
  fallbackUrl: string | null = null;
  programName = "";
  offerEndsOn: string | null = null;

  constructor(
    source: RotationSource,
    private readonly random: () => number = Math.random,
  ) {
    this.cursor = Math.floor(random() * 1_000_000);
    this.refresh(source);
  }

  /** New facts from the store. The round-robin place is kept; balanced counts restart from the store's. */
  refresh(source: RotationSource): void {
    this.mode = source.mode;
    this.fallbackUrl = source.fallbackUrl;
    this.programName = source.programName;
    this.offerEndsOn = source.offerEndsOn;
    this.links = [...source.links].sort((a, b) => a.createdAtMs - b.createdAtMs || a.id.localeCompare(b.id));
    this.linkIds = this.links.map((l) => l.id);
    this.sentSinceRefresh.clear();
  }

  get activeLinks(): readonly RotationCandidate[] {
    return this.links;
  }

  /** The ids of the links in the rotation, recorded with each counted visit (fair shares are computed from them). */
  get activeLinkIds(): readonly string[] {
    return this.linkIds;
  }

  /** The link for the next visitor, or null when the program has no active link. */
  take(counted: boolean): RotationCandidate | null {
    if (this.links.length === 0) return null;
    if (counted && this.mode === "even") {
      const owed = this.takeOwed();
      if (owed) return owed;
    }
    const link = this.mode === "balanced" ? this.fewestVisits() : this.links[this.cursor % this.links.length]!;
    if (counted) {
      this.cursor++;
      this.sentSinceRefresh.set(link.id, (this.sentSinceRefresh.get(link.id) ?? 0) + 1);
    }
    return link;
  }

  /** Any active link, at random, using up no turn: where a new visitor goes whose visit is not counted. */
  any(): RotationCandidate | null {
    if (this.links.length === 0) return null;
    return this.links[Math.floor(this.random() * this.links.length)]!;
  }

  /**
   * Undoes a counted `take` (or `keep`) whose visit proved not to count: balanced counts drop it; in
   * even mode a new visitor's turn is owed to the link, served first by the next counted `take`.
   */
  giveBack(link: RotationCandidate, { kept }: { kept: boolean }): void {
    const sent = this.sentSinceRefresh.get(link.id) ?? 0;
    if (sent > 0) this.sentSinceRefresh.set(link.id, sent - 1);
    if (!kept && this.mode === "even") this.owed.push(link.id);
  }

  private takeOwed(): RotationCandidate | null {
    while (this.owed.length > 0) {
      const link = this.links.find((l) => l.id === this.owed[0]);
      this.owed.shift();
      if (link) {
        this.sentSinceRefresh.set(link.id, (this.sentSinceRefresh.get(link.id) ?? 0) + 1);
        return link;
      }
    }
    return null;
  }

  /**
   * A returning visitor's link, if it is still among the active links: they go back to it. A counted
   * visit adds to its balanced count but does not move the round-robin, which is for new visitors.
   */
  keep(linkId: string, counted: boolean): RotationCandidate | null {
    const link = this.links.find((l) => l.id === linkId);
    if (link && counted) this.sentSinceRefresh.set(link.id, (this.sentSinceRefresh.get(link.id) ?? 0) + 1);
    return link ?? null;
  }

  private fewestVisits(): RotationCandidate {
    let best = this.links[0]!;
    let bestVisits = this.visits(best);
    for (const link of this.links.slice(1)) {
      const visits = this.visits(link);
      // the list is oldest first, so a later link with equal visits is the newer one
      if (visits <= bestVisits) {
        best = link;
        bestVisits = visits;
      }
    }
    return best;
  }

  private visits(link: RotationCandidate): number {
    return link.visits + (this.sentSinceRefresh.get(link.id) ?? 0);
  }
}
