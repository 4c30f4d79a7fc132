import type { Program } from "@hub/contract/programs";
import type { LinkHealth, ReferralLink } from "@hub/contract/links";
import { compareNames } from "@/lib/sorting";
import { linkStatus, type LinkStatus } from "./link-status";

/** The Referral Links tab's filters; the defaults are what the tab opens with. */
export interface LinkFilters {
  hideDead: boolean;
  hideApproved: boolean;
  /** On: only paused links remain. */
  hideUnpaused: boolean;
  /** On: only links whose program is shared on the site. */
  onlyOnSite: boolean;
  /** On: only links that two broken tests in a row took out of the rotation. */
  onlyFailing: boolean;
}

export const DEFAULT_LINK_FILTERS: LinkFilters = {
  hideDead: true,
  hideApproved: true,
  hideUnpaused: false,
  onlyOnSite: true,
  onlyFailing: false,
};

/**
 * The filters after one switch changed. Failing links are approved ones, so turning 'Only failing links'
 * on also turns 'Hide approved links' off: otherwise the list would always be empty.
 */
export function changeLinkFilter(name: keyof LinkFilters, checked: boolean): Partial<LinkFilters> {
  if (name === "onlyFailing" && checked) return { onlyFailing: true, hideApproved: false };
  return { [name]: checked };
}

type HealthStatus = { health: Pick<LinkHealth, "status"> };

/**
 * Every status that applies to a link, for the admin's row (a dead link can also be paused, for
 * example): first the server's answer (`outReason`, the rotation's own decision and its first reason,
 * or Active), then whatever else holds on the link itself.
 */
export function linkStatuses(
  link: Pick<ReferralLink, "approved" | "paused" | "isDead" | "outReason"> &
    HealthStatus &
    Partial<Pick<ReferralLink, "cap" | "snoozedUntil">>,
): LinkStatus[] {
  const statuses = new Set<LinkStatus>();
  if (!link.approved) statuses.add("pending");
  statuses.add(linkStatus(link));
  if (link.cap?.reached === true) statuses.add("capped");
  if (link.snoozedUntil) statuses.add("snoozed");
  if (link.health.status === "failing") statuses.add("failing");
  if (link.paused) statuses.add("paused");
  if (link.isDead) statuses.add("dead");
  return [...statuses];
}

type FilterableLink = Pick<ReferralLink, "programId" | "approved" | "paused" | "isDead"> & HealthStatus;

/** Keeps the links the filters let through. `sharedProgramIds` is the set of programs shared on the site. */
export function filterLinks<L extends FilterableLink>(
  links: readonly L[],
  filters: LinkFilters,
  sharedProgramIds: ReadonlySet<string>,
): L[] {
  return links.filter(
    (link) =>
      !(filters.hideDead && link.isDead) &&
      !(filters.hideApproved && link.approved) &&
      !(filters.hideUnpaused && !link.paused) &&
      !(filters.onlyOnSite && !sharedProgramIds.has(link.programId)) &&
      !(filters.onlyFailing && link.health.status !== "failing"),
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

/** Newest first by the later of submitted/updated date. */
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
