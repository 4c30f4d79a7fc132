import type { DistributionMode } from "@hub/contract/programs";
import type { RotationCandidate, RotationSource } from "./rotation.store";

/**
 * One program's rotation inside one function instance: which active link the next visitor gets.
 * Each link has a weight (the contract's *Tiers and weighted shares*; 1 unless given).
 *
 * - even: a smooth weighted round-robin over the active links (nginx's): each counted visit adds
 *   every link's weight to its credit and goes to the link with the most, which then gives back the
 *   sum of the weights. After every `Σ weights` counted visits each link has had exactly its weight,
 *   and in between none is a visit or more from `visits × weight / Σ weights`. Ties go round the
 *   links in a fixed order (oldest first) from a place that moves on with each counted visit, so with
 *   every weight 1 it is the plain round-robin; each instance starts at a random place, so instances
 *   that start together do not all send their first visitor to the same link. A change of the links
 *   or of their weights starts a new cycle from the current place: nothing owed from the old one is
 *   caught up. Every instance is exactly fair over what it serves, and the total is fair to within
 *   about the square root of the number of instances.
 * - balanced: the link with the fewest counted visits per unit of weight, ties to the newest. Counts
 *   are the ones read at the last refresh plus what this instance has sent since.
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
  /** Even mode: each link's credit in the weighted round-robin, by position in `links`. */
  private credits: number[] = [];
  private weights: number[] = [];
  private totalWeight = 0;
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
    const before = cycleKeyOf(this.links);
    this.links = [...source.links].sort((a, b) => a.createdAtMs - b.createdAtMs || a.id.localeCompare(b.id));
    this.linkIds = this.links.map((l) => l.id);
    this.sentSinceRefresh.clear();
    if (cycleKeyOf(this.links) !== before) {
      // new links or weights: a new cycle, from the current place
      this.weights = this.links.map(weightOf);
      this.totalWeight = this.weights.reduce((sum, w) => sum + w, 0);
      this.credits = this.links.map(() => 0);
    }
  }

  get activeLinks(): readonly RotationCandidate[] {
    return this.links;
  }

  /** The ids of the links in the rotation, recorded with each counted visit (fair shares are computed from them). */
  get activeLinkIds(): readonly string[] {
    return this.linkIds;
  }

  /** Their weights, in the same order: recorded with them (a link's fair share is in proportion to its weight). */
  get activeLinkWeights(): readonly number[] {
    return this.weights;
  }

  /** The link for the next visitor, or null when the program has no active link. */
  take(counted: boolean): RotationCandidate | null {
    if (this.links.length === 0) return null;
    if (counted && this.mode === "even") {
      const owed = this.takeOwed();
      if (owed) return owed;
    }
    if (this.mode === "balanced") {
      const link = this.fewestVisitsPerWeight();
      if (counted) this.sentSinceRefresh.set(link.id, (this.sentSinceRefresh.get(link.id) ?? 0) + 1);
      return link;
    }
    const next = this.nextInCycle();
    const link = this.links[next]!;
    if (counted) {
      for (let i = 0; i < this.credits.length; i++) this.credits[i]! += this.weights[i]!;
      this.credits[next]! -= this.totalWeight;
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

  /** Even mode: the link the next counted visit goes to (the most credit once each has its weight added; ties from the current place on). */
  private nextInCycle(): number {
    const n = this.links.length;
    let best = this.cursor % n;
    let bestCredit = this.credits[best]! + this.weights[best]!;
    for (let step = 1; step < n; step++) {
      const i = (this.cursor + step) % n;
      const credit = this.credits[i]! + this.weights[i]!;
      if (credit > bestCredit) {
        best = i;
        bestCredit = credit;
      }
    }
    return best;
  }

  private fewestVisitsPerWeight(): RotationCandidate {
    let best = this.links[0]!;
    for (const link of this.links.slice(1)) {
      // visits / weight compared without division; the list is oldest first, so on a tie the later one is the newer
      if (this.visits(link) * weightOf(best) <= this.visits(best) * weightOf(link)) best = link;
    }
    return best;
  }

  private visits(link: RotationCandidate): number {
    return link.visits + (this.sentSinceRefresh.get(link.id) ?? 0);
  }
}

/** A link's weight in the rotation: a whole number from 1 (what a link without one has). */
const weightOf = (link: Pick<RotationCandidate, "weight">): number => Math.max(1, Math.floor(link.weight ?? 1));

/** What the weighted round-robin's cycle is of: the links in order and their weights (a change starts a new one). */
const cycleKeyOf = (links: readonly RotationCandidate[]): string => links.map((l) => `${l.id}:${String(weightOf(l))}`).join(",");
