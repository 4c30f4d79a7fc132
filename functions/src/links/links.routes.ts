import { utcDay } from "@hub/contract/dates";
import type { AppDeps } from "../platform/deps";
import { linksExportFileName } from "@hub/contract/links";
import { exportLinksCsv } from "./export.service";
import {
  bulkOperation,
  changeLink,
  editLink,
  editOwnLink,
  endOwnLinkSnooze,
  listLinksForAdmin,
  listOwnLinks,
  markDead,
  moveLinkTo,
  removeLink,
  removeOwnLink,
  snoozeOwnLink,
  submitLink,
  submitOwnLink,
  testLink,
} from "./links.service";
import { testOwnLink } from "./link-health.service";
import { startLinkHealthJob } from "./link-health-job.service";
import type { RouteHandlers } from "../route-handlers";

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
  | "exportCsv"
  | "snoozeOwnLink"
  | "endOwnLinkSnooze";

/** Referral links: the admin's moderation and export, the /submit form, the link tester and health check, and a member's own links. */
export function linksRoutes(deps: AppDeps): RouteHandlers<LinkRoutes> {
  // caps and snoozes are days: every answer derives them from today's UTC day
  const today = () => utcDay(deps.now());
  return {
    listLinks: () => listLinksForAdmin(today()),
    // a member may submit only for their own e-mail
    submitLink: ({ caller, body }) => submitLink(today(), caller, body),
    bulkUpdateLinks: ({ body: { ids, op, deadNote } }) => bulkOperation(deps, ids, op, deadNote),
    updateLink: ({ params, body }) => editLink(today(), params.id, body),
    // the link and its clicks
    deleteLink: ({ params }) => removeLink(params.id),
    approveLink: ({ params }) => changeLink(today(), params.id, () => ({ approved: true })),
    pauseLink: ({ params }) => changeLink(today(), params.id, () => ({ paused: true, pausedByBlock: false })),
    unpauseLink: ({ params }) => changeLink(today(), params.id, () => ({ paused: false, pausedByBlock: false })),
    markLinkAlive: ({ params }) => changeLink(today(), params.id, () => ({ isDead: false, deadNote: null })),
    // out of rotation; the owner is e-mailed the note
    markLinkDead: ({ params, body }) => markDead(deps, params.id, body.note),
    moveLink: ({ params, body }) => moveLinkTo(today(), params.id, body.programId),
    // a real HTTP check of the link, stored on it
    testLink: ({ params }) => testLink(deps, params.id),
    // dead, then pending, then newest
    listOwnLinks: ({ caller }) => listOwnLinks(today(), caller),
    submitOwnLink: ({ caller, body }) => submitOwnLink(today(), caller, body),
    // a new URL goes back to review
    updateOwnLink: ({ caller, params, body }) => editOwnLink(today(), caller, params.id, body),
    deleteOwnLink: ({ caller, params }) => removeOwnLink(caller, params.id),
    // the member's own test of their link (a few an hour); an ok test brings a failing link back
    testOwnLink: ({ caller, params }) => testOwnLink(deps, caller, params.id),
    // POST /api/user/links/{id}/snooze – out of the rotation until that day (after today, within 366 days)
    snoozeOwnLink: ({ caller, params, body }) => snoozeOwnLink(deps, caller, params.id, body.until),
    // DELETE /api/user/links/{id}/snooze – back at once
    endOwnLinkSnooze: ({ caller, params }) => endOwnLinkSnooze(deps, caller, params.id),
    // the link-health check now, as a job (the schedule runs the same every 6 hours)
    runLinkHealth: ({ caller }) => startLinkHealthJob({ trigger: "admin", actorUid: caller.uid }, deps.now()),
    // every link as a CSV file
    exportCsv: ({ res }) => {
      res.set("Content-Disposition", `attachment; filename="${linksExportFileName(deps.now())}"`);
      return exportLinksCsv(today());
    },
  };
}
