/** The text a toast shows for a failure: ApiRequestError's message is already "{status}: {message}". */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Something went wrong";
}
