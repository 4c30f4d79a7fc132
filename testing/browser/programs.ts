import { newClickId, recordVisit } from "../backend";
import { BROWSER_UA } from "../rotation";
import { api } from "./api";

/** A program as the browser tests set one up: its id and name, and its approved links' ids by owner. */
export interface ProgramWithLinks {
  programId: string;
  name: string;
  links: Record<string, string>;
}

/** A program as an admin sets it up, with an approved link of each owner (and shared on the open page, `shared`). */
export async function programWithApprovedLinks(
  admin: string,
  name: string,
  owners: string[],
  options: { shared?: boolean } = {},
): Promise<ProgramWithLinks> {
  const program = await api<{ id: string }>("POST", "/api/programs", admin, { name });
  if (options.shared) await api("POST", `/api/programs/${program.id}/toggle-shared`, admin, { isSharedOnSite: true });
  const links: Record<string, string> = {};
  for (const owner of owners) {
    const link = await api<{ id: string }>("POST", "/api/links", admin, {
      programId: program.id,
      name: owner.split("@")[0],
      email: owner,
      link: `https://refer.example.com/${program.id}/${owner}`,
      description: "Offer",
    });
    await api("POST", `/api/links/${link.id}/approve`, admin);
    links[owner] = link.id;
  }
  return { programId: program.id, name, links };
}

/**
 * Counted visits written as the rotation writes them, now, with every one of the program's links in
 * the rotation at each visit (at its owner's weight in `weights`, else 1): deterministic counts and
 * shares, whatever the rotation's turn.
 */
export async function seedCountedVisits(
  program: ProgramWithLinks,
  visitsByOwner: Record<string, number>,
  weights: Record<string, number> = {},
): Promise<void> {
  const owners = Object.keys(program.links);
  const activeLinkIds = owners.map((owner) => program.links[owner]!);
  const weighted = owners.some((owner) => (weights[owner] ?? 1) !== 1);
  let shard = 0;
  for (const [owner, count] of Object.entries(visitsByOwner)) {
    for (let i = 0; i < count; i++) {
      await recordVisit({
        clickId: newClickId(),
        linkId: program.links[owner]!,
        programId: program.programId,
        clickedAt: new Date(),
        ipAddress: "203.0.113.4",
        userAgent: BROWSER_UA,
        shard: shard++,
        activeLinkIds,
        ...(weighted ? { activeLinkWeights: owners.map((o) => weights[o] ?? 1) } : {}),
      });
    }
  }
}
