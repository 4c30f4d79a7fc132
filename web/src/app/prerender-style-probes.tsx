/**
 * What a visitor's page turns into right after it loads, rendered by the build only for its CSS
 * (app/prerender.tsx): the prerendered HTML is the pages' loading state, and the visitor's e-mail box
 * (on /) and the program cards (on /programs) arrive a moment later. Their rules then go into the
 * page's <style> with the rest, so that the browser's emotion finds them there instead of compiling
 * and inserting them (and restyling the page) while the cards appear: on a phone that was one of
 * the longest tasks after the first paint (issue 16). The markup is thrown away; the data is made up
 * (class names follow the styles, not the texts).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Community } from "@hub/contract/community";
import type { PublicProgram } from "@hub/contract/programs";
import { Landing } from "@/features/home/components/landing";
import { PublicProgramList } from "@/features/programs/components/public-program-list";
import { QUERY_KEYS } from "@/lib/query-keys";

const COMMUNITY: Community = { name: "Community", joinUrl: "https://example.com/join", supportEmail: "support@example.com" };

const PROGRAMS: PublicProgram[] = [
  { id: "a", name: "Program A", description: "Offer", activeLinkCount: 2, redirectUrl: "/api/programs/a/redirect" },
  { id: "b", name: "Program B", description: null, activeLinkCount: 0, redirectUrl: "/api/programs/b/redirect" },
];

/** The probe for a prerendered address (inside the app's providers), or null. */
export function styleProbeFor(url: string): ReactNode {
  if (url === "/") return <Landing community={COMMUNITY} user={null} logoutAction={null} />;
  if (url === "/programs") {
    const client = new QueryClient();
    client.setQueryData(QUERY_KEYS.community, COMMUNITY);
    client.setQueryData(QUERY_KEYS.publicPrograms, PROGRAMS);
    return (
      <QueryClientProvider client={client}>
        <PublicProgramList viewer={{ kind: "visitor" }} communityName={COMMUNITY.name} />
      </QueryClientProvider>
    );
  }
  return null;
}
