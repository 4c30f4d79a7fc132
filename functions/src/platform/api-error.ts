import { ERROR_STATUS, type ErrorCode } from "@hub/contract/errors";

/** A failure the client should see: its code decides the status, its message is shown as is. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { issues?: { path: string; message: string }[]; retryAfterSeconds?: number; details?: unknown; jobId?: string } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}
