import type { RequestHandler } from "express";
import type { AppDeps } from "../platform/deps";
import { ApiError } from "../platform/api-error";
import type { RouteHandlers } from "../route-handlers";
import { startWeeklyDigestJob } from "./digest-job.service";
import { INVALID_UNSUBSCRIBE, unsubscribeFromDigest } from "./unsubscribe.service";

/** The weekly digest: the admin's start of its job, and the signed-out unsubscribe of its links. */
export function digestRoutes(deps: AppDeps): RouteHandlers<"unsubscribe" | "runWeeklyDigest"> {
  return {
    // the page's button sends the token as JSON
    unsubscribe: ({ body }) => unsubscribeFromDigest(deps, body.token),
    // every approved member with a link: a job (202 { jobId }), followed through getJob
    runWeeklyDigest: ({ caller }) => startWeeklyDigestJob({ trigger: "admin", actorUid: caller.uid }, deps.now()),
  };
}

/**
 * RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` as a form to the
 * List-Unsubscribe address, whose query carries the token. Mounted (as middleware, not a second route
 * of the table) before the JSON-only body guard; every other request there (the page's JSON) goes on
 * to the route table.
 */
export function oneClickUnsubscribe(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    const formPost = req.method === "POST" && req.path === "/" && req.is(["application/x-www-form-urlencoded", "multipart/form-data"]);
    if (!formPost) return next();
    const token = typeof req.query.token === "string" ? req.query.token : "";
    if (token === "" || token.length > 1024) throw new ApiError("VALIDATION", INVALID_UNSUBSCRIBE);
    res.status(200).json(await unsubscribeFromDigest(deps, token));
  };
}
