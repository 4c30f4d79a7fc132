import type { AppDeps } from "../platform/deps";
import {
  changeProgram,
  listProgramsFor,
  mergeProgramInto,
  proposeProgram,
  removeProgram,
  reviewProgramTerms,
  setProgramShared,
} from "./programs.service";
import { OpenList } from "./open-list";
import { startDailyJob } from "./daily-job.service";
import { startProgramSlugsJob } from "./program-slugs-job.service";
import type { RouteHandlers } from "../route-handlers";

type ProgramRoutes =
  | "listPublicPrograms"
  | "listPrograms"
  | "createProgram"
  | "updateProgram"
  | "deleteProgram"
  | "approveProgram"
  | "mergeProgram"
  | "setDistributionMode"
  | "toggleProgramShared"
  | "reviewProgramTerms"
  | "runDaily"
  | "runProgramSlugs";

/** Programs: the open list, the members' list and proposals, the admin's changes. */
export function programsRoutes(deps: AppDeps): RouteHandlers<ProgramRoutes> {
  // the shared programs, kept by this instance for a short time (open-list.ts)
  const openList = new OpenList(deps);
  return {
    // public fields only; briefly cacheable by browsers and the CDN: the same for every visitor, and a minute late is fine
    listPublicPrograms: ({ res }) => {
      res.set("Cache-Control", "public, max-age=60");
      return openList.list();
    },
    // with link counts and rotation addresses, as the caller may see them
    listPrograms: ({ caller }) => listProgramsFor(deps, caller),
    // proposed by a member, created approved by an admin
    createProgram: ({ caller, body }) => proposeProgram(deps, caller, body),
    updateProgram: ({ params, body }) => changeProgram(deps, params.id, body),
    // the program, its links and their clicks
    deleteProgram: ({ params }) => removeProgram(params.id),
    approveProgram: ({ params }) => changeProgram(deps, params.id, { approved: true }),
    // every link moves into the target, then this program is deleted
    mergeProgram: ({ params, body }) => mergeProgramInto(params.id, body.targetProgramId),
    setDistributionMode: ({ params, body }) => changeProgram(deps, params.id, { distributionMode: body.mode }),
    toggleProgramShared: ({ params, body }) => setProgramShared(deps, params.id, body.isSharedOnSite),
    // the latest version of its terms page becomes the reviewed one (the terms watch)
    reviewProgramTerms: ({ params, body }) => reviewProgramTerms(deps, params.id, body.version),
    // the day's turn now, as a job (the schedule runs the same at 00:05 UTC)
    runDaily: ({ caller }) => startDailyJob({ trigger: "admin", actorUid: caller.uid }, deps.now()),
    // once, after the upgrade that brought short addresses: approved programs without a slug get theirs
    runProgramSlugs: ({ caller }) => startProgramSlugsJob({ trigger: "admin", actorUid: caller.uid }, deps.now()),
  };
}
