import { isOfferEnded } from "@hub/contract/programs";
import { logger } from "firebase-functions";
import {
  LINK_MESSAGES,
  SNOOZE_MAX_DAYS,
  UNKNOWN_HEALTH,
  type BulkLinkResult,
  type BulkOperation,
  type CreateLinkRequest,
  type CreateMemberLinkRequest,
  type LinkTestOutcome,
  type LinkTestResult,
  type MarkDeadResult,
  type ReferralLink,
  type UpdateLinkRequest,
} from "@hub/contract/links";
import {
  createLink,
  deleteLink,
  getLink,
  getCountedLink,
  listAllLinks,
  listLinksByOwner,
  moveLink,
  setSnooze,
  SlotTakenError,
  updateLink,
  updateLinks,
  type LinkChanges,
  type LinkRecord,
} from "./links.store";
import {
  getProgram,
  getProgramsByIds,
  listPrograms,
  ProgramNotFoundError,
  requireProgramIn,
  type ProgramRecord,
} from "../catalog/programs.store";
import { listUserNames, ownersOutOfRotation, ownersOutOfRotationAmong } from "../accounts/users.store";
import type { Caller } from "../accounts/caller";
import { ApiError } from "../platform/api-error";
import type { AppDeps } from "../platform/deps";
import { LINK_NOT_FOUND, linkNotFound } from "./link-errors";
import { byRecency, memberOrder } from "./link-state";
import { testAndRecord } from "./link-health.service";
import { deadLinkMail } from "../platform/mailer";
import { visibleTo } from "../catalog/program-visibility";
import { addDays, utcDay } from "@hub/contract/dates";
import { linkAvailability } from "./link-availability";

const programNotFound = () => new ApiError("NOT_FOUND", "Program not found");
const duplicate = () => new ApiError("DUPLICATE_PROGRAM_LINK", LINK_MESSAGES.duplicateProgram);

/** What a link's answer reads of its program: its name, its cap rule, its offer's last day. */
type ProgramFacts = Map<string, Pick<ProgramRecord, "name" | "approved" | "referrerCap" | "offerEndsOn">>;
const factsOf = (programs: ProgramRecord[]): ProgramFacts => new Map(programs.map((p) => [p.id, p]));

/** The program's offer has ended: no link joins it (new or moved in). */
class OfferEndedError extends Error {}

/** Inside a transaction: the program a link is to join, which must exist and whose offer must not have ended. */
async function openProgramIn(tx: Parameters<typeof requireProgramIn>[0], programId: string, today: string): Promise<ProgramRecord> {
  const program = await requireProgramIn(tx, programId);
  if (isOfferEnded(program.offerEndsOn, today)) throw new OfferEndedError();
  return program;
}

/**
 * `heldBack`: the owners whose links are out of the rotation, read from their user documents as the
 * rotation reads them, so `isActive` and `outReason` are the rotation's own decision (linkAvailability).
 * The cap and the snooze are derived from the stored days and `today`, so a late daily job shows nothing wrong.
 */
function toApi(
  link: LinkRecord,
  programs: ProgramFacts,
  displayNames: Map<string, string | null>,
  heldBack: Set<string>,
  today: string,
): ReferralLink {
  const {
    pausedByBlock: _internal,
    ownerHeldBack: _counted,
    failing: _health,
    deadMailFailed,
    paidOn: _paidOn,
    balanceOffset: _balance,
    away: _away,
    snoozedUntil: _snooze,
    outByDate: _datedCount,
    ...rest
  } = link;
  const program = programs.get(link.programId) ?? null;
  const { outReason, cap, snoozedUntil } = linkAvailability({ link, program, ownerHeldBack: heldBack.has(link.email) }, today);
  return {
    ...rest,
    programName: program?.name ?? "",
    ownerDisplayName: displayNames.get(link.email) ?? null,
    ownerNotEmailed: link.isDead && deadMailFailed,
    isActive: outReason === null,
    outReason,
    cap,
    snoozedUntil,
  };
}

async function lookups() {
  const [programs, names] = await Promise.all([listPrograms(), listUserNames()]);
  return { programs: factsOf(programs), displayNames: names };
}

async function present(link: LinkRecord, today: string): Promise<ReferralLink> {
  const [program, names, counted, heldBack] = await Promise.all([
    getProgram(link.programId),
    listUserNames([link.email]),
    getCountedLink(link.id),
    ownersOutOfRotationAmong([link.email]),
  ]);
  return toApi(counted ?? link, factsOf(program ? [program] : []), names, heldBack, today);
}

/** Translates the data layer's refusals into the contract's answers. */
async function refusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SlotTakenError) throw duplicate();
    if (err instanceof ProgramNotFoundError) throw programNotFound();
    if (err instanceof OfferEndedError) throw new ApiError("OFFER_ENDED", "This offer has ended");
    throw err;
  }
}

// ——— admin ———

export async function listLinksForAdmin(today: string): Promise<ReferralLink[]> {
  const [links, { programs, displayNames }, heldBack] = await Promise.all([listAllLinks(), lookups(), ownersOutOfRotation()]);
  return links.sort(byRecency).map((l) => toApi(l, programs, displayNames, heldBack, today));
}

export async function changeLink(today: string, id: string, decide: (link: LinkRecord) => LinkChanges | null): Promise<ReferralLink> {
  const link = await updateLink(id, decide);
  if (!link) throw linkNotFound();
  return present(link, today);
}

export async function removeLink(id: string): Promise<void> {
  if (!(await deleteLink(id))) throw linkNotFound();
}

export async function moveLinkTo(today: string, id: string, programId: string): Promise<ReferralLink> {
  const current = await getLink(id);
  if (!current) throw linkNotFound();
  if (current.programId === programId) throw new ApiError("BAD_REQUEST", "The link is already in this program");
  const moved = await refusals(() => moveLink(id, programId, async (tx) => void (await openProgramIn(tx, programId, today))));
  if (!moved) throw linkNotFound();
  return present(moved, today);
}

/**
 * Marks a link dead and tells its owner, with the admin's note. The answer says whether the mail went;
 * a mail that could not be sent is kept on the link (deadMailFailed), so the list shows it after a reload.
 */
export async function markDead(deps: AppDeps, id: string, note: string | undefined): Promise<MarkDeadResult> {
  const today = utcDay(deps.now());
  const link = await changeLink(today, id, () => ({ isDead: true, deadNote: note || null }));
  const ownerNotified = await notifyDead(deps, link);
  const told = await changeLink(today, id, () =>
    ownerNotified ? { lastNotifiedAt: new Date(), deadMailFailed: false } : { deadMailFailed: true },
  );
  return { ...told, ownerNotified };
}

async function notifyDead(deps: AppDeps, link: Pick<ReferralLink, "email" | "programName" | "link" | "deadNote">): Promise<boolean> {
  try {
    await deps.mailer.send(
      await deadLinkMail(
        link.email,
        { programName: link.programName, link: link.link, note: link.deadNote, dashboardUrl: `${deps.appOrigin}/dashboard` },
        deps.community,
      ),
    );
    return true;
  } catch (err) {
    // The link stays dead; lastNotifiedAt stays unset so an admin can see nobody was told.
    logger.error("dead-link e-mail not sent", { error: err instanceof Error ? err.message : String(err) });
    return false;
  }
}

/** The admin's test: recorded like every test (link health), so it can take a link out or bring it back. */
export async function testLink(deps: AppDeps, id: string): Promise<LinkTestResult> {
  return (await testOne(deps, id)).result;
}

async function testOne(deps: AppDeps, id: string): Promise<{ result: LinkTestResult; outcome: LinkTestOutcome }> {
  const link = await getLink(id);
  if (!link) throw linkNotFound();
  const { validation, test } = await testAndRecord(deps, link);
  return {
    result: { validation: { isValid: validation.isValid, responseTime: validation.responseTime, errorMessage: validation.errorMessage } },
    outcome: test.outcome,
  };
}

/** A new address starts its health afresh: the tests of the old one say nothing of it. */
const newAddress = (link: LinkRecord, body: UpdateLinkRequest) => body.link !== undefined && body.link !== link.link;

/** PATCH /api/links/{id}: the admin's edit. */
export const editLink = (today: string, id: string, body: UpdateLinkRequest): Promise<ReferralLink> =>
  changeLink(today, id, (link) => (newAddress(link, body) ? { ...body, health: UNKNOWN_HEALTH } : { ...body }));

const BULK_CHANGES: Record<Exclude<BulkOperation, "test">, (note?: string) => LinkChanges> = {
  approve: () => ({ approved: true }),
  pause: () => ({ paused: true, pausedByBlock: false }),
  "mark-dead": (note) => ({ isDead: true, deadNote: note || null }),
};
/**
 * Hosting gives a rewritten function 60 s to answer; 100 links at up to 10 s each must fit, so they
 * are tested 20 at a time (at most 5 rounds, 50 s).
 */
const TESTS_AT_ONCE = 20;

export async function bulkOperation(deps: AppDeps, ids: string[], op: BulkOperation, deadNote?: string): Promise<BulkLinkResult> {
  const notFoundIds = (missing: string[]) => missing.map((id) => ({ id, message: LINK_NOT_FOUND }));
  if (op === "test") {
    const unique = [...new Set(ids)];
    const failed: BulkLinkResult["failed"] = [];
    const tested: Record<LinkTestOutcome, number> = { ok: 0, broken: 0, inconclusive: 0 };
    let updated = 0;
    for (let i = 0; i < unique.length; i += TESTS_AT_ONCE) {
      await Promise.all(
        unique.slice(i, i + TESTS_AT_ONCE).map(async (id) => {
          try {
            const { outcome } = await testOne(deps, id);
            tested[outcome]++;
            updated++;
          } catch (err) {
            failed.push({ id, message: err instanceof ApiError ? err.message : "Test failed" });
          }
        }),
      );
    }
    return { updated, failed, tested };
  }
  const { updated, missing } = await updateLinks(ids, BULK_CHANGES[op](deadNote));
  if (op === "mark-dead") {
    const { programs } = await lookups();
    const notified = await Promise.all(updated.map((l) => notifyDead(deps, { ...l, programName: programs.get(l.programId)?.name ?? "" })));
    const told = updated.filter((_, i) => notified[i]).map((l) => l.id);
    const notNotified = updated.filter((_, i) => !notified[i]).map((l) => l.id);
    if (told.length > 0) await updateLinks(told, { lastNotifiedAt: new Date(), deadMailFailed: false });
    if (notNotified.length > 0) await updateLinks(notNotified, { deadMailFailed: true });
    return { updated: updated.length, failed: notFoundIds(missing), notNotified };
  }
  return { updated: updated.length, failed: notFoundIds(missing) };
}

/** POST /api/links: the /submit form. A member submits only for their own e-mail. */
export async function submitLink(today: string, caller: Caller, body: CreateLinkRequest): Promise<ReferralLink> {
  if (!caller.isAdmin && body.email !== caller.user.email) {
    throw new ApiError("FORBIDDEN", "You can only submit links for your own email address");
  }
  return createFor(today, caller, body);
}

async function createFor(today: string, caller: Caller, link: CreateLinkRequest): Promise<ReferralLink> {
  const created = await refusals(() =>
    createLink(link, async (tx) => {
      const program = await requireProgramIn(tx, link.programId);
      if (!visibleTo(caller, program)) throw new ProgramNotFoundError(link.programId);
      if (isOfferEnded(program.offerEndsOn, today)) throw new OfferEndedError();
    }),
  );
  return present(created, today);
}

// ——— member (own links only; someone else's is 404) ———

const owns = (caller: Caller) => (link: LinkRecord) => link.email === caller.user.email;

/** Reads the member's own links and just their programs: nothing of other members. */
export async function listOwnLinks(today: string, caller: Caller): Promise<ReferralLink[]> {
  const links = await listLinksByOwner(caller.user.email);
  const programs = factsOf(await getProgramsByIds(links.map((l) => l.programId)));
  const displayNames = new Map([[caller.user.email, caller.user.displayName]]);
  const heldBack = await ownersOutOfRotationAmong([caller.user.email]);
  return links.sort(memberOrder).map((l) => toApi(l, programs, displayNames, heldBack, today));
}

export async function submitOwnLink(today: string, caller: Caller, body: CreateMemberLinkRequest): Promise<ReferralLink> {
  const name = caller.user.displayName || caller.user.email.split("@")[0]!;
  return createFor(today, caller, { ...body, name, email: caller.user.email });
}

/**
 * A new URL, or re-saving the URL of a dead link, goes back to review and is no longer dead: this is
 * the re-save the dashboard asks for. Only the offer text changed: the link stays as it is.
 */
export async function editOwnLink(today: string, caller: Caller, id: string, body: UpdateLinkRequest): Promise<ReferralLink> {
  return changeLink(today, id, (link) => {
    if (!owns(caller)(link)) return null;
    const resave = body.link !== undefined && (body.link !== link.link || link.isDead);
    if (!resave) return { ...body };
    return { ...body, approved: false, isDead: false, deadNote: null, ...(newAddress(link, body) ? { health: UNKNOWN_HEALTH } : {}) };
  });
}

export async function removeOwnLink(caller: Caller, id: string): Promise<void> {
  if (!(await deleteLink(id, owns(caller)))) throw linkNotFound();
}

export const SNOOZE_MESSAGE = `Snooze date must be after today and at most ${SNOOZE_MAX_DAYS} days ahead`;

/** POST /api/user/links/{id}/snooze: out of the rotation until that day starts (UTC). */
export async function snoozeOwnLink(deps: AppDeps, caller: Caller, id: string, until: string): Promise<ReferralLink> {
  const today = utcDay(deps.now());
  if (until <= today || until > addDays(today, SNOOZE_MAX_DAYS))
    throw new ApiError("VALIDATION", SNOOZE_MESSAGE, { issues: [{ path: "until", message: SNOOZE_MESSAGE }] });
  const link = await setSnooze(id, caller.user.email, until);
  if (!link) throw linkNotFound();
  return present(link, today);
}

/** DELETE /api/user/links/{id}/snooze: back at once. */
export async function endOwnLinkSnooze(deps: AppDeps, caller: Caller, id: string): Promise<void> {
  if (!(await setSnooze(id, caller.user.email, null))) throw linkNotFound();
}
