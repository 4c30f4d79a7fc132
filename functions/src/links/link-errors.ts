import { ApiError } from "../platform/api-error";

/** What a missing link (or a member's call on someone else's) answers: 404, the same words everywhere. */
export const LINK_NOT_FOUND = "Link not found";

export const linkNotFound = () => new ApiError("NOT_FOUND", LINK_NOT_FOUND);
