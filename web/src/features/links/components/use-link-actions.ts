import { useMutationState } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { ReferralLink } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import { linkActionMutationKey } from "@/lib/query-keys";
import { useApproveLink } from "../api/approve-link";
import { useMarkLinkAlive } from "../api/mark-link-alive";
import { usePauseLink } from "../api/pause-link";
import { useTestReferralLink } from "../api/test-referral-link";
import { useUnpauseLink } from "../api/unpause-link";
import { errorText } from "@/lib/error-text";
import { LINK_TEST_REQUEST_FAILED, linkTestToast } from "../utils/link-test";

/** Actions a row runs at once; the others open a dialog. */
export type QuickLinkAction = "approve" | "pause" | "unpause" | "mark-alive" | "test";
export type DialogLinkAction = "mark-dead" | "move" | "edit" | "delete";
export type LinkRowAction = QuickLinkAction | DialogLinkAction;

export function isQuickLinkAction(action: LinkRowAction): action is QuickLinkAction {
  return action === "approve" || action === "pause" || action === "unpause" || action === "mark-alive" || action === "test";
}

/** One stable callback for the one-click row actions, with their toasts. */
export function useQuickLinkActions(): (action: QuickLinkAction, link: ReferralLink) => void {
  const { toast } = useToast();
  const { mutate: approve } = useApproveLink();
  const { mutate: pause } = usePauseLink();
  const { mutate: unpause } = useUnpauseLink();
  const { mutate: markAlive } = useMarkLinkAlive();
  const { mutate: test } = useTestReferralLink();

  return useCallback(
    (action: QuickLinkAction, link: ReferralLink) => {
      const onError = (title: string) => (error: unknown) => toast({ title, description: errorText(error), variant: "destructive" });
      const variables = { id: link.id };
      switch (action) {
        case "approve":
          approve(variables, {
            onSuccess: () => toast({ title: "Link approved", description: "The link is now active in rotation" }),
            onError: onError("Failed to approve link"),
          });
          return;
        case "pause":
          pause(variables, {
            onSuccess: () => toast({ title: "Link paused", description: "The link is out of rotation until it is unpaused" }),
            onError: onError("Failed to pause link"),
          });
          return;
        case "unpause":
          unpause(variables, {
            onSuccess: () => toast({ title: "Link unpaused", description: "The link is back in rotation" }),
            onError: onError("Failed to unpause link"),
          });
          return;
        case "mark-alive":
          markAlive(variables, {
            onSuccess: () => toast({ title: "Link marked alive", description: "The link is no longer marked as dead" }),
            onError: onError("Failed to mark link alive"),
          });
          return;
        case "test":
          test(variables, {
            onSuccess: (result) => toast(linkTestToast(result)),
            onError: () => toast(LINK_TEST_REQUEST_FAILED),
          });
          return;
      }
    },
    [approve, pause, unpause, markAlive, test, toast],
  );
}

function variablesId(variables: unknown): string | undefined {
  if (typeof variables !== "object" || variables === null || !("id" in variables)) return undefined;
  return typeof variables.id === "string" ? variables.id : undefined;
}

/** Ids of the links with a request on the way, so their rows can disable their buttons. */
export function useBusyLinkIds(): ReadonlySet<string> {
  const pendingIds = useMutationState({
    filters: { mutationKey: linkActionMutationKey, status: "pending" },
    select: (mutation) => variablesId(mutation.state.variables),
  });
  const signature = pendingIds.filter((id): id is string => id !== undefined).sort().join("\n");
  return useMemo(() => new Set(signature ? signature.split("\n") : []), [signature]);
}
