import type { RouteHandlers } from "../route-handlers";
import { changeTierSettings, tierSettings } from "./tiers.service";

/** The membership tiers (admin): their weights and the Stripe prices that grant them. */
export function tiersRoutes(): RouteHandlers<"getTiers" | "updateTiers"> {
  return {
    getTiers: () => tierSettings(),
    updateTiers: ({ caller, body }) => changeTierSettings(caller, body),
  };
}
