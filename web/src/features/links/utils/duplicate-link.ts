import type { ToastInput } from "@/components/toasts/index";

/** The server's one-link-per-program refusal (409 DUPLICATE_PROGRAM_LINK). */
export function isDuplicateProgramError(error: unknown): boolean {
  if (typeof error === "object" && error !== null && "code" in error && error.code === "DUPLICATE_PROGRAM_LINK") return true;
  return error instanceof Error && error.message.includes("already have a link for this program");
}

/** Fixed text: 'Duplicate Program: You already have a link for this program. Edit your existing link or delete it first.' */
export const DUPLICATE_PROGRAM_TOAST = {
  title: "Duplicate Program",
  description: "You already have a link for this program. Edit your existing link or delete it first.",
  variant: "destructive",
} as const satisfies ToastInput;
