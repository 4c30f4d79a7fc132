import type { Program } from "@hub/contract/programs";
import type { ReferralLink } from "@hub/contract/links";
import { compareNames } from "@/lib/sorting";

/** The Referral Links tab's filters; the defaults are the specification's (section 2). */
export interface LinkFilters {
  hideDead: boolean;
  hideApproved: boolean;
  /** On: only paused links remain. */
  hideUnpaused: boolean;
  /** On: only links whose program is shared on the site. */
  onlyOnSite: boolean;
}

export const DEFAULT_LINK_FILTERS: LinkFilters = {
  hideDead: true,
  hideApproved: true,
  hideUnpaused: false,
  onlyOnSite: true,
};

export type LinkStatus = "pending" | "active" | "paused" | "dead";

/** Every status that applies to a link (a dead link can also be paused, for example). */
export function linkStatuses(link: Pick<ReferralLink, "approved" | "paused" | "isDead">): LinkStatus[] {
  const statuses: LinkStatus[] = [];
  if (!link.approved) statuses.push("pending");
  if (link.approved && !link.paused && !link.isDead) statuses.push("active");
  if (link.paused) statuses.push("paused");
  if (link.isDead) statuses.push("dead");
  return statuses;
}

type FilterableLink = Pick<ReferralLink, "programId" | "approved" | "paused" | "isDead">;

/** Keeps the links the filters let through. `sharedProgramIds` is the set of programs shared on the site. */
export function filterLinks<L extends FilterableLink>(links: readonly L[], filters: LinkFilters, sharedProgramIds: ReadonlySet<string>): L[] {
  return links.filter(
    (link) =>
      !(filters.hideDead && link.isDead) &&
      !(filters.hideApproved && link.approved) &&
      !(filters.hideUnpaused && !link.paused) &&
      !(filters.onlyOnSite && !sharedProgramIds.has(link.programId)),
  );
}

export function sharedProgramIds(programs: readonly Pick<Program, "id" | "isSharedOnSite">[]): Set<string> {
  return new Set(programs.filter((program) => program.isSharedOnSite).map((program) => program.id));
}

/** The later of submittedAt and updatedAt, in ms (invalid dates count as 0). */
export function linkRecency(link: Pick<ReferralLink, "submittedAt" | "updatedAt">): number {
  const submitted = Date.parse(link.submittedAt);
  const updated = Date.parse(link.updatedAt);
  return Math.max(Number.isNaN(submitted) ? 0 : submitted, Number.isNaN(updated) ? 0 : updated);
}

/** Newest first by the later of submitted/updated date (section 9). */
export function sortLinksByRecency<L extends Pick<ReferralLink, "submittedAt" | "updatedAt" | "id">>(links: readonly L[]): L[] {
  return links
    .map((link) => ({ link, recency: linkRecency(link) }))
    .sort((a, b) => b.recency - a.recency || a.link.id.localeCompare(b.link.id))
    .map(({ link }) => link);
}

export interface LinkGroup<L> {
  programId: string;
  programName: string;
  links: L[];
}

/**
 * Groups links per program: groups by program name case-insensitively, links newest first.
 * The program's current name wins over the name stored with the link.
 */
export function groupLinksByProgram<L extends Pick<ReferralLink, "id" | "programId" | "programName" | "submittedAt" | "updatedAt">>(
  links: readonly L[],
  programNames: ReadonlyMap<string, string> = new Map(),
): LinkGroup<L>[] {
  const groups = new Map<string, LinkGroup<L>>();
  for (const link of links) {
    let group = groups.get(link.programId);
    if (!group) {
      group = { programId: link.programId, programName: programNames.get(link.programId) ?? link.programName, links: [] };
      groups.set(link.programId, group);
    }
    group.links.push(link);
  }
  return [...groups.values()]
    .sort((a, b) => compareNames(a.programName, b.programName) || a.programId.localeCompare(b.programId))
    .map((group) => ({ ...group, links: sortLinksByRecency(group.links) }));
}
