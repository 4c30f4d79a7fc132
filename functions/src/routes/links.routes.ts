import { Router } from "express";
import {
  bulkLinkRequestSchema,
  createLinkRequestSchema,
  createMemberLinkRequestSchema,
  markDeadRequestSchema,
  moveLinkRequestSchema,
  testLinkRequestSchema,
  updateLinkRequestSchema,
} from "@hub/contract/links";
import { callerOf } from "../middleware/auth";
import { defineRoute } from "./define-route";
import type { AppDeps } from "../services/deps";
import {
  bulkOperation,
  changeLink,
  editOwnLink,
  listLinksForAdmin,
  listOwnLinks,
  markDead,
  moveLinkTo,
  removeLink,
  removeOwnLink,
  submitLink,
  submitOwnLink,
  testLink,
} from "../services/links.service";
import { idOf } from "./params";

export function linksRoutes(deps: AppDeps): Router {
  const router = Router();

  // GET /api/links – every link, newest first (admin)
  defineRoute(router, "GET /links", async (_req, res) => {
    res.json(await listLinksForAdmin());
  });

  // POST /api/links – submit a link (a member for their own e-mail only)
  defineRoute(router, "POST /links", async (req, res) => {
    const body = createLinkRequestSchema.parse(req.body ?? {});
    res.status(201).json(await submitLink(callerOf(req), body));
  });

  // PATCH /api/links/bulk – approve, pause, mark dead or test up to 100 links
  defineRoute(router, "PATCH /links/bulk", async (req, res) => {
    const { ids, op, deadNote } = bulkLinkRequestSchema.parse(req.body ?? {});
    res.json(await bulkOperation(deps, ids, op, deadNote));
  });

  // PATCH /api/links/:id – edit the link or its offer details (admin)
  defineRoute(router, "PATCH /links/:id", async (req, res) => {
    const body = updateLinkRequestSchema.parse(req.body ?? {});
    res.json(await changeLink(idOf(req), () => body));
  });

  // DELETE /api/links/:id – the link and its clicks
  defineRoute(router, "DELETE /links/:id", async (req, res) => {
    await removeLink(idOf(req));
    res.status(204).end();
  });

  // POST /api/links/:id/approve | pause | unpause | mark-alive
  defineRoute(router, "POST /links/:id/approve", async (req, res) => {
    res.json(await changeLink(idOf(req), () => ({ approved: true })));
  });
  defineRoute(router, "POST /links/:id/pause", async (req, res) => {
    res.json(await changeLink(idOf(req), () => ({ paused: true, pausedByBlock: false })));
  });
  defineRoute(router, "POST /links/:id/unpause", async (req, res) => {
    res.json(await changeLink(idOf(req), () => ({ paused: false, pausedByBlock: false })));
  });
  defineRoute(router, "POST /links/:id/mark-alive", async (req, res) => {
    res.json(await changeLink(idOf(req), () => ({ isDead: false, deadNote: null })));
  });

  // POST /api/links/:id/mark-dead – out of rotation; the owner is e-mailed the note
  defineRoute(router, "POST /links/:id/mark-dead", async (req, res) => {
    const { note } = markDeadRequestSchema.parse(req.body ?? {});
    res.json(await markDead(deps, idOf(req), note));
  });

  // POST /api/links/:id/move – to another program
  defineRoute(router, "POST /links/:id/move", async (req, res) => {
    const { programId } = moveLinkRequestSchema.parse(req.body ?? {});
    res.json(await moveLinkTo(idOf(req), programId));
  });

  // POST /api/admin/test-referral-link/:id – a real HTTP check of the link, stored on it
  defineRoute(router, "POST /admin/test-referral-link/:id", async (req, res) => {
    testLinkRequestSchema.parse(req.body ?? {});
    res.json(await testLink(deps, idOf(req)));
  });

  // GET /api/user/links – the member's own links: dead, then pending, then newest
  defineRoute(router, "GET /user/links", async (req, res) => {
    res.json(await listOwnLinks(callerOf(req)));
  });

  // POST /api/user/links – submit a link from the member dashboard
  defineRoute(router, "POST /user/links", async (req, res) => {
    const body = createMemberLinkRequestSchema.parse(req.body ?? {});
    res.status(201).json(await submitOwnLink(callerOf(req), body));
  });

  // PATCH /api/user/links/:id – edit an own link (a new URL goes back to review)
  defineRoute(router, "PATCH /user/links/:id", async (req, res) => {
    const body = updateLinkRequestSchema.parse(req.body ?? {});
    res.json(await editOwnLink(callerOf(req), idOf(req), body));
  });

  // DELETE /api/user/links/:id – delete an own link
  defineRoute(router, "DELETE /user/links/:id", async (req, res) => {
    await removeOwnLink(callerOf(req), idOf(req));
    res.status(204).end();
  });

  return router;
}
