// Tests one of the member's own links now (at most 5 an hour per link: 429 with Retry-After after
// that). The test is recorded in the link's health: an ok test brings a failing link back at once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { invalidateOwnLinkQueries } from "@/lib/query-keys";

export function testOwnLink({ id }: { id: string }) {
  return callApi("testOwnLink", { params: { id }, body: {} });
}

/** One per card: the card shows its own test's result. The member's links are read again after it. */
export function useTestOwnLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testOwnLink,
    onSuccess: () => invalidateOwnLinkQueries(queryClient),
  });
}
