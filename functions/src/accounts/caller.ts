import type { UserRecord } from "./users.store";

/** Who calls: set by the guard (auth.guard.ts) once the ID token is verified; what services decide with. */
export interface Caller {
  uid: string;
  isAdmin: boolean;
  /** The admin acting as this member ('Log in as user'), and the recorded session that lets them. */
  impersonatedBy: string | null;
  impersonationId: string | null;
  /**
   * When this session last proved the password, in seconds since the epoch (auth/auth.guard.ts,
   * passwordSignInTime): what fresh-sign-in checks read. Null when it never did (an e-mail link).
   */
  authTime: number | null;
  user: UserRecord;
}
