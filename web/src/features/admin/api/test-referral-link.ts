// POST /api/admin/test-referral-link/{id} – fetches the link and stores the result in its testedOffer (admin).
import { useMutation } from "@tanstack/react-query";
import { linkTestResultSchema, type LinkTestResult } from "@hub/contract/links";
import { apiRequest } from "@/lib/api-client";
import { linkActionMutationKey, useInvalidateAdminData } from "./admin-cache";

export function testReferralLink({ id }: { id: string }): Promise<LinkTestResult> {
  return apiRequest(`/api/admin/test-referral-link/${encodeURIComponent(id)}`, { method: "POST", body: {}, schema: linkTestResultSchema });
}

export function useTestReferralLink() {
  const invalidate = useInvalidateAdminData();
  return useMutation({ mutationKey: linkActionMutationKey, mutationFn: testReferralLink, onSuccess: invalidate });
}
