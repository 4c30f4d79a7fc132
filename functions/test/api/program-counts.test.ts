import fc from "fast-check";
import type Stripe from "stripe";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { isActiveSubscriptionStatus } from "@hub/contract/users";
import { addDays, utcDay } from "@hub/contract/dates";
import { createProgramAs, signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { stripeLocal } from "../../../testing/jobs";

/**
 * Each program keeps its link counts with every change instead of counting on each read. Whatever
 * admins, members and Stripe do, in any order, the counts the lists show must equal what the links
 * and their owners say at that moment.
 */

let admin: string;
/** The members' own tokens, OWNERS order: they snooze their links and record what their referrals earned. */
let members: string[];
beforeEach(async () => {
  await resetEmulators();
  ({ admin } = await signInActors());
});
afterAll(() => stripeLocal.reset());

/** active@ and trialing@ are members with subscriptions; made@ is admin-made (exempt); nobody@ has no account. */
const OWNERS = ["active@example.com", "trialing@example.com", "made@example.com", "nobody@example.com"];
const MEMBERS = OWNERS.slice(0, 2);

type Op =
  | { kind: "submit"; program: number; owner: number }
  | { kind: "approve" | "pause" | "unpause" | "mark-dead" | "mark-alive" | "delete"; link: number }
  | { kind: "move"; link: number; program: number }
  | { kind: "bulk-pause" | "bulk-approve"; links: number[] }
  | { kind: "block" | "unblock"; owner: number }
  | { kind: "subscription"; member: number; status: "active" | "trialing" | "past_due" | "canceled" | "unpaid" }
  | { kind: "merge"; program: number; into: number }
  | { kind: "approve-program"; program: number }
  | { kind: "offer"; program: number; ended: boolean }
  | { kind: "delete-user"; owner: number }
  | { kind: "snooze" | "unsnooze" | "paid" | "unpaid-outcome"; member: number; link: number }
  | { kind: "cap"; program: number; count: number | null };

const index = fc.nat(20);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("submit" as const), program: index, owner: fc.nat(OWNERS.length - 1) }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constantFrom("approve", "pause", "unpause", "mark-dead", "mark-alive", "delete"), link: index }),
  },
  fc.record({ kind: fc.constant("move" as const), link: index, program: index }),
  fc.record({ kind: fc.constantFrom("bulk-pause", "bulk-approve"), links: fc.array(index, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constantFrom("block", "unblock"), owner: fc.nat(OWNERS.length - 1) }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("subscription" as const),
      member: fc.nat(MEMBERS.length - 1),
      status: fc.constantFrom("active", "trialing", "past_due", "canceled", "unpaid"),
    }),
  },
  fc.record({ kind: fc.constant("merge" as const), program: index, into: index }),
  fc.record({ kind: fc.constant("approve-program" as const), program: index }),
  fc.record({ kind: fc.constant("delete-user" as const), owner: fc.nat(OWNERS.length - 1) }),
  fc.record({ kind: fc.constant("offer" as const), program: index, ended: fc.boolean() }),
  fc.record({
    kind: fc.constantFrom("snooze", "unsnooze", "paid", "unpaid-outcome"),
    member: fc.nat(MEMBERS.length - 1),
    link: index,
  }),
  fc.record({ kind: fc.constant("cap" as const), program: index, count: fc.constantFrom(1, 2, null) }),
);

interface AdminLink {
  id: string;
  programId: string;
  email: string;
  approved: boolean;
  paused: boolean;
  isDead: boolean;
  cap: { reached: boolean } | null;
  snoozedUntil: string | null;
}
interface AdminUser {
  username: string;
  blocked: boolean;
  isAdmin: boolean;
  createdByAdmin: boolean;
  subscriptionStatus: string | null;
}
interface ListedProgram {
  id: string;
  approved: boolean;
  linkCount: number;
  activeLinkCount: number;
  offerEnded: boolean;
}

const get = async <T>(path: string): Promise<T> => (await call("GET", path, { idToken: admin })).body as T;
const pick = <T>(items: T[], i: number): T | undefined => (items.length > 0 ? items[i % items.length] : undefined);

/** Sets a member's only subscription in the local Stripe to `status`, then checks them, as an admin's Check does. */
async function subscribe(stripe: Stripe, email: string, status: string) {
  const customer = (await stripe.customers.list({ email })).data[0] ?? (await stripe.customers.create({ email }));
  for (const sub of (await stripe.subscriptions.list({ customer: customer.id, status: "all" })).data)
    if (sub.status !== "canceled") await stripe.subscriptions.cancel(sub.id);
  if (status !== "canceled")
    await stripe.subscriptions.create({ customer: customer.id, status } as Stripe.SubscriptionCreateParams & { status: string });
  await call("PATCH", `/api/users/${email}`, { idToken: admin, body: { stripeCustomerId: customer.id } });
  await call("POST", `/api/admin/check-subscription/${email}`, { idToken: admin });
}

async function apply(stripe: Stripe, step: Op, programs: string[]) {
  const links = await get<AdminLink[]>("/api/links");
  const link = "link" in step ? pick(links, step.link) : undefined;
  switch (step.kind) {
    case "submit": {
      const email = OWNERS[step.owner]!;
      const body = {
        programId: pick(programs, step.program),
        name: "Owner",
        email,
        link: `https://refer.example.com/${String(Math.random()).slice(2)}`,
        description: "Offer",
      };
      return call("POST", "/api/links", { idToken: admin, body });
    }
    case "delete":
      return link && call("DELETE", `/api/links/${link.id}`, { idToken: admin });
    case "mark-dead":
      return link && call("POST", `/api/links/${link.id}/mark-dead`, { idToken: admin, body: {} });
    case "approve":
    case "pause":
    case "unpause":
    case "mark-alive":
      return link && call("POST", `/api/links/${link.id}/${step.kind}`, { idToken: admin });
    case "move":
      return link && call("POST", `/api/links/${link.id}/move`, { idToken: admin, body: { programId: pick(programs, step.program) } });
    case "bulk-pause":
    case "bulk-approve": {
      const ids = step.links.map((i) => pick(links, i)?.id).filter((id): id is string => Boolean(id));
      return ids.length > 0 && call("PATCH", "/api/links/bulk", { idToken: admin, body: { ids, op: step.kind.slice(5) } });
    }
    case "block":
    case "unblock":
      return call("POST", `/api/users/${OWNERS[step.owner]!}/${step.kind}`, { idToken: admin });
    case "subscription":
      return subscribe(stripe, MEMBERS[step.member]!, step.status);
    case "merge": {
      const [source, target] = [pick(programs, step.program), pick(programs, step.into)];
      if (!source || !target || source === target || programs.length < 2) return;
      const res = await call("POST", `/api/programs/${source}/merge`, { idToken: admin, body: { targetProgramId: target } });
      if (res.status === 200) programs.splice(programs.indexOf(source), 1);
      return res;
    }
    case "approve-program": {
      const programId = pick(programs, step.program);
      return programId && call("POST", `/api/programs/${programId}/approve`, { idToken: admin });
    }
    case "delete-user":
      return call("DELETE", `/api/users/${OWNERS[step.owner]!}`, { idToken: admin });
    case "snooze":
    case "unsnooze":
    case "paid":
    case "unpaid-outcome": {
      const idToken = members[step.member]!;
      const own = pick(
        links.filter((l) => l.email === MEMBERS[step.member]),
        step.link,
      );
      if (!own) return;
      const today = utcDay(new Date());
      if (step.kind === "snooze")
        return callRoute("snoozeOwnLink", { idToken, params: { id: own.id }, body: { until: addDays(today, 2) } });
      if (step.kind === "unsnooze") return callRoute("endOwnLinkSnooze", { idToken, params: { id: own.id } });
      if (step.kind === "paid")
        return callRoute("recordOutcome", { idToken, params: { id: own.id }, body: { kind: "paid", occurredOn: today } });
      // the member's latest paid outcome taken back: a cap it reached is lifted
      const year = today.slice(0, 4);
      const earnings = (await callRoute("listOwnOutcomes", { idToken, query: { year } })).body as {
        entries?: { id: string; kind: string }[];
      };
      const last = earnings.entries?.find((o) => o.kind === "paid");
      return last && callRoute("deleteOwnOutcome", { idToken, params: { id: last.id } });
    }
    case "cap": {
      const programId = pick(programs, step.program);
      const referrerCap = step.count === null ? null : { count: step.count, period: "calendar-year" };
      return programId && call("PATCH", `/api/programs/${programId}`, { idToken: admin, body: { referrerCap } });
    }
    case "offer": {
      // ended yesterday, or no end: every link of an ended program is out, and back when it reopens
      const offerEndsOn = step.ended ? addDays(utcDay(new Date()), -1) : null;
      const programId = pick(programs, step.program);
      return programId && call("PATCH", `/api/programs/${programId}`, { idToken: admin, body: { offerEndsOn } });
    }
  }
}

/** The counts as the contract defines them, from the links and their owners as they are now. */
async function expectedCounts(): Promise<Record<string, [number, number]>> {
  const [links, users, programs] = await Promise.all([
    get<AdminLink[]>("/api/links"),
    get<AdminUser[]>("/api/users"),
    get<ListedProgram[]>("/api/programs"),
  ]);
  const heldBack = new Set(
    users
      .filter(
        (u) =>
          u.blocked ||
          (!u.isAdmin && !u.createdByAdmin && u.subscriptionStatus !== null && !isActiveSubscriptionStatus(u.subscriptionStatus)),
      )
      .map((u) => u.username),
  );
  const counts = Object.fromEntries(programs.map((p) => [p.id, [0, 0] as [number, number]]));
  const ended = new Set(programs.filter((p) => p.offerEnded).map((p) => p.id));
  // a program awaiting approval is not in the rotation (it answers 404): none of its links is active
  const awaiting = new Set(programs.filter((p) => !p.approved).map((p) => p.id));
  for (const l of links) {
    counts[l.programId]![0]++;
    const outByDate = ended.has(l.programId) || l.cap?.reached === true || l.snoozedUntil !== null;
    if (l.approved && !l.paused && !l.isDead && !heldBack.has(l.email) && !outByDate && !awaiting.has(l.programId))
      counts[l.programId]![1]++;
  }
  return counts;
}

describe("program link counts", () => {
  it("always equal what the links and their owners say, whatever happens in whatever order", async () => {
    const stripe = stripeLocal.sdk();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 12, maxLength: 24 }), async (steps) => {
        await Promise.all([resetEmulators(), stripeLocal.reset()]);
        const actors = await signInActors();
        ({ admin } = actors);
        members = [actors.alice, actors.tom];
        await call("POST", "/api/admin/create-user", { idToken: admin, body: { email: "made@example.com" } });
        const programs = [
          (await createProgramAs(admin, "Alpha")).id,
          (await createProgramAs(admin, "Beta")).id,
          (await createProgramAs(admin, "Gamma")).id,
          // a member's proposal: awaiting approval, where an admin may still add and approve links
          (await createProgramAs(actors.alice, "Delta")).id,
        ];
        for (const [i, step] of steps.entries()) {
          await apply(stripe, step, programs);
          const shown = Object.fromEntries(
            (await get<ListedProgram[]>("/api/programs")).map((p) => [p.id, [p.linkCount, p.activeLinkCount]]),
          );
          expect(shown, `after step ${String(i + 1)}: ${JSON.stringify(step)}`).toEqual(await expectedCounts());
        }
      }),
      {
        numRuns: 4,
        // shrinking re-runs whole API sequences for minutes: the failing sequence is in the message as found
        endOnFailure: true,
        // one sequence that takes every path at least once, then random ones
        examples: [
          [
            [
              { kind: "submit", program: 0, owner: 0 },
              { kind: "submit", program: 1, owner: 1 },
              { kind: "submit", program: 0, owner: 3 },
              { kind: "bulk-approve", links: [0, 1, 2] },
              { kind: "subscription", member: 0, status: "past_due" },
              { kind: "submit", program: 2, owner: 0 },
              { kind: "approve", link: 3 },
              { kind: "subscription", member: 0, status: "active" },
              { kind: "block", owner: 1 },
              { kind: "move", link: 1, program: 2 },
              { kind: "unblock", owner: 1 },
              { kind: "offer", program: 2, ended: true },
              { kind: "move", link: 0, program: 2 },
              { kind: "mark-dead", link: 0 },
              { kind: "merge", program: 0, into: 1 },
              { kind: "merge", program: 1, into: 0 },
              { kind: "offer", program: 0, ended: true },
              { kind: "pause", link: 2 },
              { kind: "delete-user", owner: 1 },
              { kind: "delete", link: 0 },
              { kind: "offer", program: 0, ended: false },
            ],
          ],
          // an approved link in a program awaiting approval: not active until the program is approved
          [
            [
              { kind: "submit", program: 3, owner: 2 },
              { kind: "approve", link: 0 },
              { kind: "submit", program: 0, owner: 2 },
              { kind: "bulk-approve", links: [1] },
              { kind: "move", link: 1, program: 3 },
              { kind: "approve-program", program: 3 },
              { kind: "pause", link: 0 },
            ],
          ],
          // the dated reasons: a cap reached, a capped member's new link, a snooze, a move and a merge into a capped program
          [
            [
              { kind: "submit", program: 0, owner: 0 },
              { kind: "submit", program: 1, owner: 1 },
              { kind: "bulk-approve", links: [0, 1] },
              { kind: "cap", program: 0, count: 1 },
              { kind: "paid", member: 0, link: 0 },
              { kind: "delete", link: 0 },
              { kind: "submit", program: 0, owner: 0 },
              { kind: "approve", link: 0 },
              { kind: "snooze", member: 1, link: 0 },
              { kind: "paid", member: 1, link: 0 },
              { kind: "cap", program: 1, count: 1 },
              { kind: "unsnooze", member: 1, link: 0 },
              { kind: "unpaid-outcome", member: 0, link: 0 },
              { kind: "paid", member: 0, link: 0 },
              { kind: "move", link: 1, program: 2 },
              { kind: "cap", program: 2, count: 1 },
              { kind: "move", link: 1, program: 1 },
              { kind: "merge", program: 1, into: 0 },
              { kind: "cap", program: 0, count: null },
            ],
          ],
        ],
      },
    );
  }, 180_000);
});
