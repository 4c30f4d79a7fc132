import { useMutationState } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { ReferralLink } from "@hub/contract/links";
import { linkActionMutationKey } from "@/lib/query-keys";
import { useApproveLink } from "../api/approve-link";
import { useMarkLinkAlive } from "../api/mark-link-alive";
import { usePauseLink } from "../api/pause-link";
import { useTestReferralLink } from "../api/test-referral-link";
import { useUnpauseLink } from "../api/unpause-link";
import { LINK_TEST_REQUEST_FAILED, linkTestToast } from "../utils/link-test";
import { rotationSentence } from "../utils/link-status";

/** Actions a row runs at once; the others open a dialog. */
export type QuickLinkAction = "approve" | "pause" | "unpause" | "mark-alive" | "test";
export type DialogLinkAction = "mark-dead" | "move" | "edit" | "delete";
export type LinkRowAction = QuickLinkAction | DialogLinkAction;

export function isQuickLinkAction(action: LinkRowAction): action is QuickLinkAction {
  return action === "approve" || action === "pause" || action === "unpause" || action === "mark-alive" || action === "test";
}

/** One stable callback for the one-click row actions, with their toasts. */
export function useQuickLinkActions(): (action: QuickLinkAction, link: ReferralLink) => void {
  const { mutate: approve } = useApproveLink({
    // the answer says whether it is in rotation: an ended offer or a lapsed owner keeps it out
    success: (link) => ({ title: "Link approved", description: rotationSentence(link, "The link is now active in rotation") }),
    error: "Failed to approve link",
  });
  const { mutate: pause } = usePauseLink({
    success: { title: "Link paused", description: "The link is out of rotation until it is unpaused" },
    error: "Failed to pause link",
  });
  const { mutate: unpause } = useUnpauseLink({
    success: (link) => ({ title: "Link unpaused", description: rotationSentence(link, "The link is back in rotation") }),
    error: "Failed to unpause link",
  });
  const { mutate: markAlive } = useMarkLinkAlive({
    success: { title: "Link marked alive", description: "The link is no longer marked as dead" },
    error: "Failed to mark link alive",
  });
  const { mutate: test } = useTestReferralLink({ success: linkTestToast, error: LINK_TEST_REQUEST_FAILED });

  return useCallback(
    (action: QuickLinkAction, link: ReferralLink) => {
      const run = { approve, pause, unpause, "mark-alive": markAlive, test }[action];
      run({ id: link.id });
    },
    [approve, pause, unpause, markAlive, test],
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
  const signature = pendingIds
    .filter((id): id is string => id !== undefined)
    .sort()
    .join("\n");
  return useMemo(() => new Set(signature ? signature.split("\n") : []), [signature]);
}
