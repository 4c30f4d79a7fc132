// Edits a link's address and offer details: any link (admin) or one of the member's own, where a
// new URL puts the link back into review.
import type { UpdateLinkRequest } from "@hub/contract/links";
import { callApi } from "@/lib/api-client";
import type { ToastsFor } from "@/components/toasts/index";
import type { LinkAudience } from "../utils/link-audience";
import { useLinkMutation } from "./link-mutation";

export interface UpdateLinkInput {
  id: string;
  changes: UpdateLinkRequest;
}

export async function updateLink({ id, changes }: UpdateLinkInput): Promise<void> {
  await callApi("updateLink", { params: { id }, body: changes });
}

export async function updateOwnLink({ id, changes }: UpdateLinkInput): Promise<void> {
  await callApi("updateOwnLink", { params: { id }, body: changes });
}

export function useUpdateLink(audience: LinkAudience, toasts: ToastsFor<typeof updateLink>) {
  return useLinkMutation(audience, { admin: updateLink, own: updateOwnLink }, toasts);
}
