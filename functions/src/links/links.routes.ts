import { utcDay } from "@hub/contract/dates";
import type { AppDeps } from "../platform/deps";
import { exportFileName, exportLinksCsv } from "./export.service";
import {
  bulkOperation,
  changeLink,
  editLink,
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
} from "./links.service";
import { testOwnLink } from "./link-health.service";
import { startLinkHealthJob } from "./link-health-job.service";
import type { RouteHandlers } from "../route-table";

type LinkRoutes =
  | "listLinks"
  | "submitLink"
  | "bulkUpdateLinks"
  | "updateLink"
  | "deleteLink"
  | "approveLink"
  | "pauseLink"
  | "unpauseLink"
  | "markLinkAlive"
  | "markLinkDead"
  | "moveLink"
  | "testLink"
  | "listOwnLinks"
  | "submitOwnLink"
  | "updateOwnLink"
  | "deleteOwnLink"
  | "testOwnLink"
  | "runLinkHealth"
  | "exportCsv";

/** Referral links: the admin's moderation and export, the /submit form, the link tester and health check, and a member's own links. */
export function linksRoutes(deps: AppDeps): RouteHandlers<LinkRoutes> {
  // what the date alone decides (an offer that ended) is decided on the server's clock
  const today = () => utcDay(deps.now());
  return {
    listLinks: () => listLinksForAdmin(today()),
    // a member may submit only for their own e-mail
    submitLink: ({ caller, body }) => submitLink(caller, body, today()),
    bulkUpdateLinks: ({ body: { ids, op, deadNote } }) => bulkOperation(deps, ids, op, deadNote),
    updateLink: ({ params, body }) => editLink(params.id, body, today()),
    // the link and its clicks
    deleteLink: ({ params }) => removeLink(params.id),
    approveLink: ({ params }) => changeLink(params.id, () => ({ approved: true }), today()),
    pauseLink: ({ params }) => changeLink(params.id, () => ({ paused: true, pausedByBlock: false }), today()),
    unpauseLink: ({ params }) => changeLink(params.id, () => ({ paused: false, pausedByBlock: false }), today()),
    markLinkAlive: ({ params }) => changeLink(params.id, () => ({ isDead: false, deadNote: null }), today()),
    // out of rotation; the owner is e-mailed the note
    markLinkDead: ({ params, body }) => markDead(deps, params.id, body.note),
    moveLink: ({ params, body }) => moveLinkTo(params.id, body.programId, today()),
    // a real HTTP check of the link, stored on it
    testLink: ({ params }) => testLink(deps, params.id),
    // dead, then pending, then newest
    listOwnLinks: ({ caller }) => listOwnLinks(caller, today()),
    submitOwnLink: ({ caller, body }) => submitOwnLink(caller, body, today()),
    // a new URL goes back to review
    updateOwnLink: ({ caller, params, body }) => editOwnLink(caller, params.id, body, today()),
    deleteOwnLink: ({ caller, params }) => removeOwnLink(caller, params.id),
    // the member's own test of their link (a few an hour); an ok test brings a failing link back
    testOwnLink: ({ caller, params }) => testOwnLink(deps, caller, params.id),
    // the link-health check now, as a job (the schedule runs the same every 6 hours)
    runLinkHealth: ({ caller }) => startLinkHealthJob({ trigger: "admin", actorUid: caller.uid }, deps.now()),
    // every link as a CSV file
    exportCsv: ({ res }) => {
      res.set("Content-Disposition", `attachment; filename="${exportFileName(deps.now())}"`);
      return exportLinksCsv(today());
    },
  };
}
