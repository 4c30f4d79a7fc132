import { ApiError } from "../platform/api-error";
import type { AppDeps } from "../platform/deps";
import type { RouteHandlers } from "../route-handlers";

/** The community that runs the hub: its name, join page and support address, open to everyone. */
export function communityRoutes(deps: AppDeps): RouteHandlers<"getCommunity"> {
  return {
    getCommunity: ({ res }) => {
      if (!deps.community) throw new ApiError("UPSTREAM_UNAVAILABLE", "The community's details are not configured");
      // the same for every visitor and it changes only with a deploy: browsers and the CDN may keep it a while
      res.set("Cache-Control", "public, max-age=300");
      return deps.community;
    },
  };
}
