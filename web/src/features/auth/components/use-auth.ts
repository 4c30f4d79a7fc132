import { useContext } from "react";
import { SessionContext, type Session } from "./session-context";

/** The session: current user, loading state, login and logout. */
export function useAuth(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useAuth must be used within an AuthProvider");
  return session;
}
