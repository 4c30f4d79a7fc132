import { isOfferEnded } from "@hub/contract/programs";
import type { CreateProgramRequest, Program, PublicProgram, UpdateProgramRequest } from "@hub/contract/programs";
import { rotationPath } from "@hub/contract/routes";
import { shortRotationPath, SLUG_TAKEN_MESSAGE } from "@hub/contract/slugs";
import { utcDay } from "@hub/contract/dates";
import {
  countsHold,
  createProgram,
  getProgram,
  listPrograms,
  listProgramsForMember,
  listSharedPrograms,
  ProgramNameTakenError,
  ProgramNotFoundError,
  ProposalLimitError,
  SlugBeforeApprovalError,
  updateProgram,
  type ProgramChanges,
  type ProgramRecord,
} from "../catalog/programs.store";
import { programActiveLinks } from "../links/link-availability";
import { visibleTo } from "../catalog/program-visibility";
import { raiseAlert } from "../alerts/alerts.service";
import { deleteTermsVersions, updateTermsWatch } from "../catalog/terms-versions.store";
import { reviewedWatch, termsStateOf } from "../catalog/terms-watch-record";
import { SlugTakenError } from "../catalog/program-slugs.store";
import { deleteProgram, MergeConflictError, mergePrograms, recountProgramLinks } from "../links/program-links.store";
import { followProgramMerge } from "../outcomes/outcomes.store";
import type { Caller } from "../accounts/caller";
import { ApiError } from "../platform/api-error";
import type { AppDeps } from "../platform/deps";

const notFound = () => new ApiError("NOT_FOUND", "Program not found");
/** A member's proposals waiting for approval (409 PROPOSAL_LIMIT beyond them); approval or deletion of one frees a place. */
const WAITING_PROPOSALS_PER_MEMBER = 3;

const nameTaken = () => new ApiError("PROGRAM_EXISTS", "A program with this name already exists");

/** The program's rotation address: the short one once it has a slug, else `/api/programs/{id}/redirect` (which keeps working). */
export const redirectUrlOf = (deps: Pick<AppDeps, "appOrigin">, p: Pick<ProgramRecord, "id" | "slug">) =>
  `${deps.appOrigin}${p.slug !== null ? shortRotationPath(p.slug) : rotationPath(p.id)}`;

/** Short rotation addresses (docs/architecture.md): a proposal's slug is made from its name when it is approved. */
export const SLUG_BEFORE_APPROVAL_MESSAGE = "A program gets its short address when it is approved";

type ProgramDeps = Pick<AppDeps, "appOrigin" | "now">;

/** The program as its caller may see it: an admin gets what the terms watch knows of its terms page too. */
function toProgram(deps: ProgramDeps, p: ProgramRecord, forAdmin = false): Program {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    approved: p.approved,
    distributionMode: p.distributionMode,
    fallbackUrl: p.fallbackUrl,
    isSharedOnSite: p.isSharedOnSite,
    linkCount: p.linkCount,
    activeLinkCount: programActiveLinks(p),
    slug: p.slug,
    redirectUrl: redirectUrlOf(deps, p),
    createdAt: p.createdAt,
    referrerCap: p.referrerCap,
    offerEndsOn: p.offerEndsOn,
    termsUrl: p.termsUrl,
    offerEnded: isOfferEnded(p.offerEndsOn, utcDay(deps.now())),
    ...(forAdmin ? { terms: termsStateOf(p, p.termsWatch) } : {}),
  };
}

/**
 * Programs whose kept counts do not hold (stored before counts were kept, a rule changed, or a date
 * came that changes a link's state) are counted afresh, then read like the rest: a stored count is
 * never shown wrong for want of the daily job.
 */
async function withCounts(deps: Pick<AppDeps, "now">, programs: ProgramRecord[]): Promise<ProgramRecord[]> {
  const today = utcDay(deps.now());
  return Promise.all(programs.map(async (p) => (countsHold(p, today) ? p : ((await recountProgramLinks(p.id, today)) ?? p))));
}

const byName = (a: ProgramRecord, b: ProgramRecord) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id);

/** Admins see every program; members the approved ones and those they proposed. By name, case-insensitively. */
export async function listProgramsFor(deps: AppDeps, caller: Caller): Promise<Program[]> {
  const read = caller.isAdmin ? await listPrograms() : await listProgramsForMember(caller.uid);
  const visible = read.filter((p) => visibleTo(caller, p));
  return (await withCounts(deps, visible)).sort(byName).map((p) => toProgram(deps, p, caller.isAdmin));
}

/**
 * The programs on the open list (approved, shared on the site, their offer not ended), their counts
 * brought up to date: one document read per program.
 */
export async function readSharedPrograms(deps: Pick<AppDeps, "now">): Promise<ProgramRecord[]> {
  const today = utcDay(deps.now());
  return withCounts(
    deps,
    (await listSharedPrograms()).filter((p) => !isOfferEnded(p.offerEndsOn, today)),
  );
}

/**
 * The open /programs page: approved programs shared on the site whose offer has not ended, by name,
 * with public fields only. `shared` gives them as readSharedPrograms reads them: programs/open-list.ts
 * keeps them per instance for a short time, so that a request costs no read per program.
 */
export async function listPublicPrograms(
  deps: ProgramDeps,
  shared: () => Promise<readonly ProgramRecord[]> = () => readSharedPrograms(deps),
): Promise<PublicProgram[]> {
  const today = utcDay(deps.now());
  const open = (await shared()).filter((p) => !isOfferEnded(p.offerEndsOn, today));
  const year = today.slice(0, 4);
  return open.sort(byName).map((p) => {
    const { id, name, description, activeLinkCount, redirectUrl, offerEndsOn, termsUrl } = toProgram(deps, p);
    // a count kept on the program by the outcomes' transactions: never who earned them or how much
    const paidReferralsThisYear = Math.max(0, p.paidByYear[year] ?? 0);
    return { id, name, description, activeLinkCount, redirectUrl, offerEndsOn, termsUrl, paidReferralsThisYear };
  });
}

/**
 * A member's proposal waits for approval; an admin's program is approved at once. Program rules are
 * the admin's (docs/architecture.md, *Program rules*): a member's proposal that sets one is refused, not
 * quietly stripped, so nobody believes a rule was set.
 */
export async function proposeProgram(deps: AppDeps, caller: Caller, body: CreateProgramRequest): Promise<Program> {
  const rules = { referrerCap: body.referrerCap ?? null, offerEndsOn: body.offerEndsOn ?? null, termsUrl: body.termsUrl ?? null };
  if (!caller.isAdmin && Object.values(rules).some((rule) => rule !== null)) {
    throw new ApiError("FORBIDDEN", "Only admins can set program rules");
  }
  try {
    const program = await createProgram(
      {
        name: body.name,
        description: body.description || null,
        fallbackUrl: body.fallbackUrl ?? null,
        approved: caller.isAdmin,
        proposedBy: caller.isAdmin ? null : caller.uid,
        ...rules,
      },
      WAITING_PROPOSALS_PER_MEMBER,
    );
    return toProgram(deps, (await withCounts(deps, [program]))[0]!, caller.isAdmin);
  } catch (err) {
    if (err instanceof ProgramNameTakenError) throw nameTaken();
    if (err instanceof ProposalLimitError) {
      throw new ApiError("PROPOSAL_LIMIT", `You already have ${String(err.limit)} programs waiting for approval.`);
    }
    throw err;
  }
}

export async function changeProgram(deps: AppDeps, id: string, changes: ProgramChanges | UpdateProgramRequest): Promise<Program> {
  try {
    const program = await updateProgram(id, changes as ProgramChanges);
    if (!program) throw notFound();
    return toProgram(deps, (await withCounts(deps, [program]))[0]!, true);
  } catch (err) {
    if (err instanceof ProgramNameTakenError) throw nameTaken();
    if (err instanceof SlugTakenError) throw new ApiError("SLUG_TAKEN", SLUG_TAKEN_MESSAGE);
    if (err instanceof SlugBeforeApprovalError) {
      throw new ApiError("VALIDATION", SLUG_BEFORE_APPROVAL_MESSAGE, { issues: [{ path: "slug", message: SLUG_BEFORE_APPROVAL_MESSAGE }] });
    }
    throw err;
  }
}

/**
 * POST /api/programs/{id}/toggle-shared. The first time an approved program is shared on the open page,
 * the alerts channel hears of it (once per program, however often it is shared again).
 */
export async function setProgramShared(deps: AppDeps, id: string, isSharedOnSite: boolean): Promise<Program> {
  const program = await changeProgram(deps, id, { isSharedOnSite });
  if (program.isSharedOnSite && program.approved) {
    await raiseAlert(deps, "program-shared", program.id, {
      text: `${program.name} is now shared on the open programs page, at ${program.redirectUrl}.`,
      url: `${deps.appOrigin}/admin?tab=programs`,
      data: { programId: program.id, programName: program.name, redirectUrl: program.redirectUrl },
    });
  }
  return program;
}

export async function removeProgram(id: string): Promise<void> {
  if (!(await deleteProgram(id))) throw notFound();
  await deleteTermsVersions(id);
}

/**
 * POST /api/programs/{id}/terms/review: the latest version of its terms page becomes the reviewed one,
 * and what changes next is measured from it. Any other version is refused (409): the admin saw an
 * older page than the one now kept. Nothing else of the program changes.
 */
export async function reviewProgramTerms(deps: AppDeps, id: string, version: number): Promise<Program> {
  let latest: number | null = null;
  const program = await updateTermsWatch(id, (p) => {
    const watch = p.approved && p.termsUrl && p.termsWatch?.url === p.termsUrl ? p.termsWatch : null;
    latest = watch?.latestVersion ?? null;
    return watch && watch.latestVersion === version ? reviewedWatch(watch) : null;
  });
  if (!program) throw notFound();
  if (latest !== version) {
    throw new ApiError(
      "CONFLICT",
      latest === null
        ? "These terms have no version to review yet"
        : `Version ${String(version)} is not the latest version of these terms (${String(latest)}): open them again and review the latest`,
    );
  }
  return toProgram(deps, (await withCounts(deps, [program]))[0]!, true);
}

export async function mergeProgramInto(sourceId: string, targetId: string): Promise<{ movedLinks: number }> {
  if (sourceId === targetId) throw new ApiError("BAD_REQUEST", "A program cannot be merged into itself");
  try {
    const merged = await mergePrograms(sourceId, targetId, followProgramMerge(sourceId, targetId));
    await deleteTermsVersions(sourceId);
    return merged;
  } catch (err) {
    if (err instanceof ProgramNotFoundError) throw notFound();
    if (err instanceof MergeConflictError) {
      const who = err.conflicts.map((c) => c.email).join(", ");
      const { source, target } = err.programs;
      throw new ApiError(
        "MERGE_CONFLICT",
        `These members have a link in both ${source} and ${target}: ${who}. Move or delete one of each pair first.`,
        {
          details: { conflicts: err.conflicts },
        },
      );
    }
    throw err;
  }
}

export async function programOrNotFound(id: string): Promise<ProgramRecord> {
  const program = await getProgram(id);
  if (!program) throw notFound();
  return program;
}
