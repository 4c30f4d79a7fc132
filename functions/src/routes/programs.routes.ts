import { Router } from "express";
import {
  createProgramRequestSchema,
  distributionModeRequestSchema,
  mergeProgramRequestSchema,
  toggleSharedRequestSchema,
  updateProgramRequestSchema,
} from "../contract/programs";
import { authenticate, callerOf } from "../middleware/auth";
import type { AppDeps } from "../services/deps";
import { changeProgram, listProgramsFor, listPublicPrograms, mergeProgramInto, proposeProgram, removeProgram } from "../services/programs.service";
import { idOf } from "./params";

export function programsRoutes(deps: AppDeps): Router {
  const router = Router();
  const admin = authenticate("admin");

  // GET /api/public/programs – open to everyone: approved programs shared on the site, public fields only
  router.get("/public/programs", async (_req, res) => {
    // briefly cacheable by browsers and the CDN: the same for every visitor, and a minute late is fine
    res.set("Cache-Control", "public, max-age=60").json(await listPublicPrograms(deps));
  });

  // GET /api/programs – programs the caller may see, with link counts and rotation addresses
  router.get("/programs", authenticate("member"), async (req, res) => {
    res.json(await listProgramsFor(deps, callerOf(req)));
  });

  // POST /api/programs – propose (member) or create (admin) a program
  router.post("/programs", authenticate("member"), async (req, res) => {
    const body = createProgramRequestSchema.parse(req.body ?? {});
    res.status(201).json(await proposeProgram(deps, callerOf(req), body));
  });

  // PATCH /api/programs/:id – edit name, description, fallback address
  router.patch("/programs/:id", admin, async (req, res) => {
    const body = updateProgramRequestSchema.parse(req.body ?? {});
    res.json(await changeProgram(deps, idOf(req), body));
  });

  // DELETE /api/programs/:id – the program, its links and their clicks
  router.delete("/programs/:id", admin, async (req, res) => {
    await removeProgram(idOf(req));
    res.status(204).end();
  });

  // POST /api/programs/:id/approve – now visible to users
  router.post("/programs/:id/approve", admin, async (req, res) => {
    res.json(await changeProgram(deps, idOf(req), { approved: true }));
  });

  // POST /api/programs/:id/merge – move every link into the target and delete this program
  router.post("/programs/:id/merge", admin, async (req, res) => {
    const { targetProgramId } = mergeProgramRequestSchema.parse(req.body ?? {});
    res.json(await mergeProgramInto(idOf(req), targetProgramId));
  });

  // POST /api/programs/:id/distribution-mode – even or balanced rotation
  router.post("/programs/:id/distribution-mode", admin, async (req, res) => {
    const { mode } = distributionModeRequestSchema.parse(req.body ?? {});
    res.json(await changeProgram(deps, idOf(req), { distributionMode: mode }));
  });

  // POST /api/programs/:id/toggle-shared – shown on the community's site or not
  router.post("/programs/:id/toggle-shared", admin, async (req, res) => {
    const { isSharedOnSite } = toggleSharedRequestSchema.parse(req.body ?? {});
    res.json(await changeProgram(deps, idOf(req), { isSharedOnSite }));
  });

  return router;
}
