import { Router } from "express";
import {
  createProgramRequestSchema,
  distributionModeRequestSchema,
  mergeProgramRequestSchema,
  toggleSharedRequestSchema,
  updateProgramRequestSchema,
} from "@hub/contract/programs";
import { callerOf } from "../middleware/auth";
import { defineRoute } from "./define-route";
import type { AppDeps } from "../services/deps";
import { changeProgram, listProgramsFor, listPublicPrograms, mergeProgramInto, proposeProgram, removeProgram } from "../services/programs.service";
import { idOf } from "./params";

export function programsRoutes(deps: AppDeps): Router {
  const router = Router();

  // GET /api/public/programs – open to everyone: approved programs shared on the site, public fields only
  defineRoute(router, "GET /public/programs", async (_req, res) => {
    // briefly cacheable by browsers and the CDN: the same for every visitor, and a minute late is fine
    res.set("Cache-Control", "public, max-age=60").json(await listPublicPrograms(deps));
  });

  // GET /api/programs – programs the caller may see, with link counts and rotation addresses
  defineRoute(router, "GET /programs", async (req, res) => {
    res.json(await listProgramsFor(deps, callerOf(req)));
  });

  // POST /api/programs – propose (member) or create (admin) a program
  defineRoute(router, "POST /programs", async (req, res) => {
    const body = createProgramRequestSchema.parse(req.body ?? {});
    res.status(201).json(await proposeProgram(deps, callerOf(req), body));
  });

  // PATCH /api/programs/:id – edit name, description, fallback address
  defineRoute(router, "PATCH /programs/:id", async (req, res) => {
    const body = updateProgramRequestSchema.parse(req.body ?? {});
    res.json(await changeProgram(deps, idOf(req), body));
  });

  // DELETE /api/programs/:id – the program, its links and their clicks
  defineRoute(router, "DELETE /programs/:id", async (req, res) => {
    await removeProgram(idOf(req));
    res.status(204).end();
  });

  // POST /api/programs/:id/approve – now visible to users
  defineRoute(router, "POST /programs/:id/approve", async (req, res) => {
    res.json(await changeProgram(deps, idOf(req), { approved: true }));
  });

  // POST /api/programs/:id/merge – move every link into the target and delete this program
  defineRoute(router, "POST /programs/:id/merge", async (req, res) => {
    const { targetProgramId } = mergeProgramRequestSchema.parse(req.body ?? {});
    res.json(await mergeProgramInto(idOf(req), targetProgramId));
  });

  // POST /api/programs/:id/distribution-mode – even or balanced rotation
  defineRoute(router, "POST /programs/:id/distribution-mode", async (req, res) => {
    const { mode } = distributionModeRequestSchema.parse(req.body ?? {});
    res.json(await changeProgram(deps, idOf(req), { distributionMode: mode }));
  });

  // POST /api/programs/:id/toggle-shared – shown on the community's site or not
  defineRoute(router, "POST /programs/:id/toggle-shared", async (req, res) => {
    const { isSharedOnSite } = toggleSharedRequestSchema.parse(req.body ?? {});
    res.json(await changeProgram(deps, idOf(req), { isSharedOnSite }));
  });

  return router;
}
