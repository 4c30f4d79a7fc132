import express, { type RequestHandler } from "express";
import { ApiError } from "../api-error";

export const BODY_LIMIT_BYTES = 100 * 1024;

const jsonParser = express.json({ limit: BODY_LIMIT_BYTES, strict: true });

/**
 * JSON bodies only, at most 100 KB. Cloud Functions parses bodies before the app runs (and keeps
 * `rawBody`), so the limit is checked on the raw bytes; run in-process, the app parses itself.
 */
export const bodyGuard: RequestHandler = (req, res, next) => {
  const declared = Number(req.get("content-length") ?? 0);
  const size = req.rawBody?.length ?? declared;
  if (size > BODY_LIMIT_BYTES || declared > BODY_LIMIT_BYTES) throw new ApiError("PAYLOAD_TOO_LARGE", "Request body is larger than 100 KB");
  if (size > 0 && !req.is("application/json")) throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request body must be JSON");
  if (req.rawBody !== undefined) {
    if (size === 0) req.body = undefined;
    return next();
  }
  jsonParser(req, res, next);
};
