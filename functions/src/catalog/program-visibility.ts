import type { Caller } from "../accounts/caller";
import type { ProgramRecord } from "./programs.store";

/** Who sees a program: admins all, members the approved ones and those they proposed themselves. */
export const visibleTo = (caller: Caller, p: Pick<ProgramRecord, "approved" | "proposedBy">) =>
  caller.isAdmin || p.approved || p.proposedBy === caller.uid;
