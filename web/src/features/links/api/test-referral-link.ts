// Fetches the link and stores the result in its testedOffer (admin).
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function testReferralLink({ id }: { id: string }) {
  return callApi("testLink", { params: { id }, body: {} });
}

export function useTestReferralLink(toasts: ToastsFor<typeof testReferralLink>) {
  const invalidate = useInvalidateAdminData();
  return useToastMutation({ mutationKey: linkActionMutationKey, mutationFn: testReferralLink, onSuccess: invalidate, ...toasts });
}
