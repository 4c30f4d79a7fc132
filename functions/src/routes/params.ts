import type { Request } from "express";
import { DOCUMENT_ID_PATTERN } from "@hub/contract/common";
import { ApiError } from "../services/api-error";

/**
 * The `:id` of a route. An id this API never hands out (a decoded "/", Firestore's reserved names,
 * over-long) names nothing: 404, before it reaches Firestore.
 */
export function idOf(req: Request): string {
  const id = req.params.id;
  if (typeof id !== "string" || !DOCUMENT_ID_PATTERN.test(id)) throw new ApiError("NOT_FOUND", "Not found");
  return id;
}
