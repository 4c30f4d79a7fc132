import type { ReactNode } from "react";
import type { CurrentUser } from "@hub/contract/users";
import { RequireSession } from "./require-session";
import { UnauthorizedCard } from "./unauthorized-card";

/** Admin pages: signed out goes to the admin login; signed in without the admin flag sees 'Unauthorized Access'. */
export function RequireAdmin({ children }: { children: (admin: CurrentUser) => ReactNode }) {
  return <RequireSession redirectTo="/auth">{(user) => (user.isAdmin ? children(user) : <UnauthorizedCard />)}</RequireSession>;
}
