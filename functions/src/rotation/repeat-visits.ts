import type { NotCountedReason } from "@hub/contract/analytics";
import { addressForCounting } from "../platform/http/ip-prefix";
import { dailyPurpose, keyedHash } from "../platform/keyed-hash";

/**
 * How the rotation knows a repeat (docs/architecture.md, *Honest counts*): at most one counted visit per program
 * per visitor, and per client address, in each UTC clock hour. Each counted visit creates one mark
 * per rule in its own batch (visits.store.ts); the ids below name them, so a second visit of the same
 * hour finds its mark taken and its batch fails as a whole.
 */

/** The UTC clock hour of `at`, as marks name it: "2026112510" (10:59:59 and 11:00:00 are different hours). */
export const visitHour = (at: Date): string => at.toISOString().slice(0, 13).replace(/[-T]/g, "");

/** The ids of a visit's marks: null for a rule that does not apply (no visitor id, or no address, as in the local emulator). */
export interface RepeatKeys {
  hour: string;
  visitor: string | null;
  address: string | null;
}

export interface RepeatFacts {
  programId: string;
  at: Date;
  /** From the visitor's signed cookie; null for a new visitor. */
  visitorId: string | null;
  /** The client address as `clientIp` gives it; null when none can be trusted. */
  address: string | null;
  /** The functions' secret the address is hashed with. */
  secret: string;
}

/**
 * The marks of one visit. The address is never part of an id: the mark is keyed by an HMAC of the
 * program and the address (an IPv6 one by its /64) with a key that changes every UTC day.
 */
export function repeatKeys({ programId, at, visitorId, address, secret }: RepeatFacts): RepeatKeys {
  const hour = visitHour(at);
  const counted = address ? addressForCounting(address) : null;
  return {
    hour,
    visitor: visitorId ? `v_${visitorId}_${programId}_${hour}` : null,
    address: counted ? `a_${keyedHash(secret, dailyPurpose("visit-address", at), `${programId} ${counted}`)}_${hour}` : null,
  };
}

/** How many marks an instance remembers at most (about 100 bytes each). */
const MAX_REMEMBERED = 200_000;

/**
 * What one instance knows of this hour's marks: those it wrote and those it found taken. A flood from
 * one address or one cookie then costs no store call after its first; a visit whose marks are being
 * written by another request of this instance waits for that write instead of racing it to the store.
 */
export class RecentMarks {
  private byHour = new Map<string, Set<string>>();
  private inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly max = MAX_REMEMBERED) {}

  /** The rule this visit breaks by what the instance knows, or null; `repeatVisitor` when both. */
  known(keys: RepeatKeys): Extract<NotCountedReason, "repeatVisitor" | "repeatAddress"> | null {
    const marks = this.byHour.get(keys.hour);
    if (!marks) return null;
    if (keys.visitor && marks.has(keys.visitor)) return "repeatVisitor";
    if (keys.address && marks.has(keys.address)) return "repeatAddress";
    return null;
  }

  /** Remembers marks of an hour; only the two latest hours are kept (a mark names its hour, older ones can never match). */
  remember(hour: string, ...ids: (string | null)[]): void {
    let marks = this.byHour.get(hour);
    if (!marks) {
      this.byHour.set(hour, (marks = new Set()));
      const hours = [...this.byHour.keys()].sort();
      for (const old of hours.slice(0, -2)) this.byHour.delete(old);
    }
    for (const id of ids) if (id) marks.add(id);
    if (marks.size > this.max) marks.delete(marks.values().next().value!);
  }

  /**
   * A write of these marks in flight in this instance (settling whatever its outcome), or null. Null
   * is answered at once, so a caller that finds none and then calls `writing` has no await between
   * the two: no other request of the instance can slip in and write the same marks.
   */
  pending(keys: RepeatKeys): Promise<unknown> | null {
    for (const id of [keys.visitor, keys.address]) if (id && this.inFlight.has(id)) return this.inFlight.get(id)!;
    return null;
  }

  /** Marks these ids as being written until `write` settles. */
  writing(keys: RepeatKeys, write: Promise<unknown>): void {
    const done = write.then(
      () => undefined,
      () => undefined,
    );
    for (const id of [keys.visitor, keys.address])
      if (id) {
        this.inFlight.set(id, done);
        void done.then(() => {
          if (this.inFlight.get(id) === done) this.inFlight.delete(id);
        });
      }
  }
}
