import { logger } from "firebase-functions";
import { communitySchema, type Community } from "@hub/contract/community";
import { communityJoinUrl, communityName, communitySupportEmail } from "../platform/config";

const COMMUNITY_PARAMS = { name: communityName, joinUrl: communityJoinUrl, supportEmail: communitySupportEmail } as const;

/**
 * A wrong join URL or support address must not reach visitors: an invalid configuration is logged,
 * naming each bad value, and the community is left out (its endpoint answers 503) rather than
 * taking the whole API, member login included, down with it.
 */
export function communityFromConfig(): Community | null {
  // read once per instance (configuration changes only with a deploy): one check, one log line
  if (checked === undefined) checked = readCommunity();
  return checked;
}

let checked: Community | null | undefined;

function readCommunity(): Community | null {
  const parsed = communitySchema.safeParse({
    name: COMMUNITY_PARAMS.name.value(),
    joinUrl: COMMUNITY_PARAMS.joinUrl.value(),
    supportEmail: COMMUNITY_PARAMS.supportEmail.value(),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path[0] as keyof typeof COMMUNITY_PARAMS;
      return `${COMMUNITY_PARAMS[field].name}: ${issue.message}`;
    });
    logger.error(`Invalid community configuration in functions/.env.<project>: ${problems.join("; ")}`);
    return null;
  }
  return parsed.data;
}
