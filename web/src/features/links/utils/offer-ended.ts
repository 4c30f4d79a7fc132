import type { ToastInput } from "@/components/toasts/index";

/** The server's refusal of a new link to a program whose offer has ended (409 OFFER_ENDED). */
export function isOfferEndedError(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "OFFER_ENDED";
}

/** Under the program picker: why this program cannot take the link. */
export const OFFER_ENDED_MESSAGE = "This program's offer has ended: it takes no new links.";

export const OFFER_ENDED_TOAST = {
  title: "Offer ended",
  description: "This program's offer has ended, so it takes no new links. Choose another program.",
  variant: "destructive",
} as const satisfies ToastInput;
