/** The text of a failed call for a toast: ApiRequestError messages are already '{status}: {message}'. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return "Something went wrong";
}
