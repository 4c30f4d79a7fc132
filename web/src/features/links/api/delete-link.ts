// Deletes a link and its clicks: any link (admin) or one of the member's own.
import { callApi } from "@/lib/api-client";
import type { ToastsFor } from "@/components/toasts/index";
import type { LinkAudience } from "../utils/link-audience";
import { useLinkMutation } from "./link-mutation";

export function deleteLink({ id }: { id: string }): Promise<void> {
  return callApi("deleteLink", { params: { id } });
}

export function deleteOwnLink({ id }: { id: string }): Promise<void> {
  return callApi("deleteOwnLink", { params: { id } });
}

export function useDeleteLink(audience: LinkAudience, toasts: ToastsFor<typeof deleteLink>) {
  return useLinkMutation(audience, { admin: deleteLink, own: deleteOwnLink }, toasts);
}
