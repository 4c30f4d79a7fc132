// Fetches the link and stores the result in its testedOffer (admin).
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "@/lib/query-keys";

export function testReferralLink({ id }: { id: string }) {
  return callApi("testLink", { params: { id }, body: {} });
}

export function useTestReferralLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: testReferralLink, onSuccess: invalidate });
}
