import type { UserRecord } from "./users.store";

/** Who calls: set by the guard (auth.guard.ts) once the ID token is verified; what services decide with. */
export interface Caller {
  uid: string;
  isAdmin: boolean;
  /** The admin acting as this member ('Log in as user'), and the recorded session that lets them. */
  impersonatedBy: string | null;
  impersonationId: string | null;
  /** When the token's sign-in happened, in seconds since the epoch: what recent-sign-in checks read. */
  authTime: number;
  user: UserRecord;
}
