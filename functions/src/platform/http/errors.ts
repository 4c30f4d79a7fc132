import type { ErrorRequestHandler, RequestHandler } from "express";
import { logger } from "firebase-functions";
import { ZodError } from "@hub/contract/zod";
import { MESSAGES, type ErrorBody } from "@hub/contract/errors";
import { ApiError } from "../api-error";

function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (err instanceof ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
    return new ApiError("VALIDATION", issues[0]?.message ?? "Invalid request", { issues });
  }
  // Errors raised by body parsing (ours or the platform's) carry a `type`.
  const type = (err as { type?: string }).type;
  if (type === "entity.too.large") return new ApiError("PAYLOAD_TOO_LARGE", "Request body is larger than 100 KB");
  if (type === "entity.parse.failed") return new ApiError("BAD_REQUEST", "Malformed JSON body");
  // Any other refusal of the body parser (charset, encoding…) is the client's: 4xx, never 500.
  const status = (err as { status?: number }).status;
  if (type && typeof status === "number" && status >= 400 && status < 500) {
    return new ApiError(status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : "BAD_REQUEST", "The request body could not be read");
  }
  return null;
}

/** The one place a thrown error becomes an answer. Unexpected errors never leak their message. */
export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  const apiError = toApiError(err);
  if (!apiError) {
    logger.error("unhandled error", { method: req.method, path: req.path, error: err instanceof Error ? err.stack : String(err) });
  }
  const status = apiError?.status ?? 500;
  const body: ErrorBody = apiError
    ? { code: apiError.code, message: apiError.message, ...(apiError.extra.issues ? { issues: apiError.extra.issues } : {}) }
    : { code: "INTERNAL", message: MESSAGES.internal };
  if (apiError?.extra.retryAfterSeconds) res.set("Retry-After", String(apiError.extra.retryAfterSeconds));
  if (apiError?.extra.details !== undefined) Object.assign(body, { details: apiError.extra.details });
  if (apiError?.extra.jobId !== undefined) Object.assign(body, { jobId: apiError.extra.jobId });
  if (res.headersSent) return;
  res.status(status).json(body);
};

export const notFoundHandler: RequestHandler = (req) => {
  throw new ApiError("NOT_FOUND", `No route for ${req.method} ${req.path}`);
};
