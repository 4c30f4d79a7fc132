import type { CreateProgramRequest, Program, PublicProgram, UpdateProgramRequest } from "@hub/contract/programs";
import { listLinkStates, type LinkState } from "../links/links.store";
import {
  createProgram,
  deleteProgram,
  getProgram,
  listPrograms,
  mergePrograms,
  ProgramNameTakenError,
  ProgramNotFoundError,
  MergeConflictError,
  updateProgram,
  type ProgramChanges,
  type ProgramRecord,
} from "./programs.store";
import { ownersOutOfRotation } from "../members/users.store";
import type { Caller } from "../auth/caller";
import { ApiError } from "../platform/api-error";
import type { AppDeps } from "../platform/deps";
import { isActiveLink } from "../links/link-state";

const notFound = () => new ApiError("NOT_FOUND", "Program not found");
const nameTaken = () => new ApiError("PROGRAM_EXISTS", "A program with this name already exists");

export const redirectUrlOf = (deps: AppDeps, programId: string) => `${deps.appOrigin}/api/programs/${encodeURIComponent(programId)}/redirect`;

function toProgram(deps: AppDeps, p: ProgramRecord, links: LinkState[], heldBack: Set<string>): Program {
  const own = links.filter((l) => l.programId === p.id);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    approved: p.approved,
    distributionMode: p.distributionMode,
    fallbackUrl: p.fallbackUrl,
    isSharedOnSite: p.isSharedOnSite,
    linkCount: own.length,
    activeLinkCount: own.filter((l) => isActiveLink(l, heldBack)).length,
    redirectUrl: redirectUrlOf(deps, p.id),
    createdAt: p.createdAt,
  };
}

async function withCounts(deps: AppDeps, program: ProgramRecord): Promise<Program> {
  const [links, heldBack] = await Promise.all([listLinkStates(program.id), ownersOutOfRotation()]);
  return toProgram(deps, program, links, heldBack);
}

export const visibleTo = (caller: Caller, p: Pick<ProgramRecord, "approved" | "proposedBy">) => caller.isAdmin || p.approved || p.proposedBy === caller.uid;

/** Admins see every program; members the approved ones and those they proposed. By name, case-insensitively. */
export async function listProgramsFor(deps: AppDeps, caller: Caller): Promise<Program[]> {
  const [programs, links, heldBack] = await Promise.all([listPrograms(), listLinkStates(), ownersOutOfRotation()]);
  return programs
    .filter((p) => visibleTo(caller, p))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id))
    .map((p) => toProgram(deps, p, links, heldBack));
}

/** The open /programs page: approved programs shared on the site, by name, with public fields only. */
export async function listPublicPrograms(deps: AppDeps): Promise<PublicProgram[]> {
  const [programs, links, heldBack] = await Promise.all([listPrograms(), listLinkStates(), ownersOutOfRotation()]);
  return programs
    .filter((p) => p.approved && p.isSharedOnSite)
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id))
    .map((p) => {
      const { id, name, description, activeLinkCount, redirectUrl } = toProgram(deps, p, links, heldBack);
      return { id, name, description, activeLinkCount, redirectUrl };
    });
}

/** A member's proposal waits for approval; an admin's program is approved at once. */
export async function proposeProgram(deps: AppDeps, caller: Caller, body: CreateProgramRequest): Promise<Program> {
  try {
    const program = await createProgram({
      name: body.name,
      description: body.description || null,
      fallbackUrl: body.fallbackUrl ?? null,
      approved: caller.isAdmin,
      proposedBy: caller.isAdmin ? null : caller.uid,
    });
    return withCounts(deps, program);
  } catch (err) {
    if (err instanceof ProgramNameTakenError) throw nameTaken();
    throw err;
  }
}

export async function changeProgram(deps: AppDeps, id: string, changes: ProgramChanges | UpdateProgramRequest): Promise<Program> {
  try {
    const program = await updateProgram(id, changes as ProgramChanges);
    if (!program) throw notFound();
    return withCounts(deps, program);
  } catch (err) {
    if (err instanceof ProgramNameTakenError) throw nameTaken();
    throw err;
  }
}

export async function removeProgram(id: string): Promise<void> {
  if (!(await deleteProgram(id))) throw notFound();
}

export async function mergeProgramInto(sourceId: string, targetId: string): Promise<{ movedLinks: number }> {
  if (sourceId === targetId) throw new ApiError("BAD_REQUEST", "A program cannot be merged into itself");
  try {
    return await mergePrograms(sourceId, targetId);
  } catch (err) {
    if (err instanceof ProgramNotFoundError) throw notFound();
    if (err instanceof MergeConflictError) {
      const who = err.conflicts.map((c) => c.email).join(", ");
      throw new ApiError("MERGE_CONFLICT", `These members have a link in both programs: ${who}. Move or delete one of each pair first.`, {
        details: { conflicts: err.conflicts },
      });
    }
    throw err;
  }
}

export async function programOrNotFound(id: string): Promise<ProgramRecord> {
  const program = await getProgram(id);
  if (!program) throw notFound();
  return program;
}
