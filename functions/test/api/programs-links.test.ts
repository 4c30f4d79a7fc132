import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../src/platform/db";
import { call } from "../../../testing/http";
import { resetEmulators } from "../../../testing/emulators";
import { clearInbox, latestMailTo } from "../../../testing/inbox";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { suite } from "../../../testing/suite-env";
import { purged } from "../../../testing/click-purges";
import { addLink, visitMany } from "../../../testing/rotation";

let admin: string;
let alice: string;
let tom: string;

beforeEach(async () => {
  await resetEmulators();
  await clearInbox();
  ({ admin, alice, tom } = await signInActors());
});

describe("who may call what", () => {
  const adminOnly: [string, string, unknown?][] = [
    ["GET", "/api/links"],
    ["PATCH", "/api/programs/x", { name: "N" }],
    ["DELETE", "/api/programs/x"],
    ["POST", "/api/programs/x/approve"],
    ["POST", "/api/programs/x/merge", { targetProgramId: "y" }],
    ["POST", "/api/programs/x/distribution-mode", { mode: "even" }],
    ["POST", "/api/programs/x/toggle-shared", { isSharedOnSite: true }],
    ["PATCH", "/api/links/x", { description: "d" }],
    ["DELETE", "/api/links/x"],
    ["POST", "/api/links/x/approve"],
    ["POST", "/api/links/x/pause"],
    ["POST", "/api/links/x/unpause"],
    ["POST", "/api/links/x/mark-dead", {}],
    ["POST", "/api/links/x/mark-alive"],
    ["POST", "/api/links/x/move", { programId: "y" }],
    ["PATCH", "/api/links/bulk", { ids: ["x"], op: "approve" }],
    ["POST", "/api/admin/test-referral-link/x", {}],
    ["GET", "/api/admin/export-csv"],
    ["POST", "/api/announcements", { message: "m", isActive: true }],
    ["PATCH", "/api/announcements/current", { isActive: false }],
  ];
  it.each(adminOnly)("%s %s: anonymous 401, member 403, admin allowed", async (method, path, body) => {
    expect((await call(method, path, { body })).status).toBe(401);
    const asMember = await call(method, path, { body, idToken: alice });
    expect(asMember.status).toBe(403);
    expect(asMember.body.code).toBe("FORBIDDEN");
    expect([200, 201, 204, 404]).toContain((await call(method, path, { body, idToken: admin })).status);
  });

  const memberRoutes: [string, string, unknown?][] = [
    ["GET", "/api/programs"],
    ["POST", "/api/programs", { name: "P" }],
    ["POST", "/api/links", {}],
    ["GET", "/api/user/links"],
    ["POST", "/api/user/links", {}],
    ["PATCH", "/api/user/links/x", { description: "d" }],
    ["DELETE", "/api/user/links/x"],
  ];
  it.each(memberRoutes)("%s %s needs a signed-in user", async (method, path, body) => {
    const res = await call(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHENTICATED");
  });

  it("GET /api/announcements/active is open", async () => {
    expect((await call("GET", "/api/announcements/active")).status).toBe(200);
  });
});

describe("programs", () => {
  it("a member's proposal waits for approval and is visible only to its proposer and admins", async () => {
    const proposed = await createProgramAs(alice, "Capital One 360", { description: "Checking bonus" });
    expect(proposed.approved).toBe(false);
    const names = async (idToken: string) =>
      ((await call("GET", "/api/programs", { idToken })).body as { name: string }[]).map((p) => p.name);
    expect(await names(alice)).toEqual(["Capital One 360"]);
    expect(await names(tom)).toEqual([]);
    expect(await names(admin)).toEqual(["Capital One 360"]);
    const approved = await call("POST", `/api/programs/${proposed.id}/approve`, { idToken: admin });
    expect(approved.body.approved).toBe(true);
    expect(await names(tom)).toEqual(["Capital One 360"]);
  });

  it("a member may have at most 3 proposals waiting; approval or deletion of one frees a place", async () => {
    const first = await createProgramAs(alice, "Wait One");
    const second = await createProgramAs(alice, "Wait Two");
    await createProgramAs(alice, "Wait Three");
    const fourth = await call("POST", "/api/programs", { idToken: alice, body: { name: "Wait Four" } });
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ code: "PROPOSAL_LIMIT", message: "You already have 3 programs waiting for approval." });
    // another member's places are their own, and admins create approved programs without limit
    expect((await call("POST", "/api/programs", { idToken: tom, body: { name: "Tom One" } })).status).toBe(201);
    expect((await call("POST", "/api/programs", { idToken: admin, body: { name: "Admin One" } })).status).toBe(201);

    await call("POST", `/api/programs/${first.id}/approve`, { idToken: admin });
    expect((await call("POST", "/api/programs", { idToken: alice, body: { name: "Wait Four" } })).status).toBe(201);
    expect((await call("POST", "/api/programs", { idToken: alice, body: { name: "Wait Five" } })).status).toBe(409);
    expect((await call("DELETE", `/api/programs/${second.id}`, { idToken: admin })).status).toBe(204);
    expect((await call("POST", "/api/programs", { idToken: alice, body: { name: "Wait Five" } })).status).toBe(201);

    const mine = (await call<{ name: string; approved: boolean }[]>("GET", "/api/programs", { idToken: alice })).body;
    expect(mine.map((p) => p.name)).toEqual(["Admin One", "Wait Five", "Wait Four", "Wait One", "Wait Three"]);
  });

  it("parallel proposals never make a fourth waiting one", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call("POST", "/api/programs", { idToken: alice, body: { name: `Race ${String(i)}` } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const waiting = (await call<{ approved: boolean }[]>("GET", "/api/programs", { idToken: alice })).body.filter((p) => !p.approved);
    expect(waiting).toHaveLength(3);
  });

  it("names are unique whatever their case, also on rename", async () => {
    await createProgramAs(admin, "Amex Gold");
    const again = await call("POST", "/api/programs", { idToken: admin, body: { name: "  amex GOLD " } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("PROGRAM_EXISTS");
    const other = await createProgramAs(admin, "Chase");
    expect((await call("PATCH", `/api/programs/${other.id}`, { idToken: admin, body: { name: "AMEX gold" } })).status).toBe(409);
    // renaming frees the old name
    expect((await call("PATCH", `/api/programs/${other.id}`, { idToken: admin, body: { name: "Chase Sapphire" } })).status).toBe(200);
    expect((await call("POST", "/api/programs", { idToken: admin, body: { name: "chase" } })).status).toBe(201);
  });

  it("are sorted by name case-insensitively with counts and the rotation address", async () => {
    const b = await createProgramAs(admin, "bank bonus");
    await createProgramAs(admin, "Amex");
    await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, b.id);
    await submitOwnLink(tom, b.id);
    await call("POST", `/api/links/${link.id}/approve`, { idToken: admin });
    const list = (await call("GET", "/api/programs", { idToken: admin })).body;
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Amex", "bank bonus", "Chase"]);
    expect(list[1]).toMatchObject({ linkCount: 2, activeLinkCount: 1, distributionMode: "even", isSharedOnSite: false });
    expect(list[1]).toMatchObject({ slug: "bank-bonus", redirectUrl: `${suite.appUrl}/r/bank-bonus` });
  });

  it("edits, clears the fallback, toggles sharing and mode", async () => {
    const p = await createProgramAs(admin, "Discover", { fallbackUrl: "https://discover.example/" });
    const edited = await call("PATCH", `/api/programs/${p.id}`, { idToken: admin, body: { description: "Cash back", fallbackUrl: null } });
    expect(edited.body).toMatchObject({ description: "Cash back", fallbackUrl: null });
    expect(
      (await call("POST", `/api/programs/${p.id}/toggle-shared`, { idToken: admin, body: { isSharedOnSite: true } })).body.isSharedOnSite,
    ).toBe(true);
    expect(
      (await call("POST", `/api/programs/${p.id}/distribution-mode`, { idToken: admin, body: { mode: "balanced" } })).body.distributionMode,
    ).toBe("balanced");
    const bad = await call("POST", `/api/programs/${p.id}/distribution-mode`, { idToken: admin, body: { mode: "random" } });
    expect(bad.status).toBe(400);
  });

  it("delete removes the program, its links and their clicks, and nothing else", async () => {
    const doomed = await createProgramAs(admin, "Doomed");
    const kept = await createProgramAs(admin, "Kept");
    const gone = await submitOwnLink(alice, doomed.id);
    const stays = await submitOwnLink(alice, kept.id);
    await db().collection("clicks").add({ referralLinkId: gone.id, clickedAt: new Date() });
    await db().collection("clicks").add({ referralLinkId: stays.id, clickedAt: new Date() });

    expect((await call("DELETE", `/api/programs/${doomed.id}`, { idToken: admin })).status).toBe(204);
    const remaining = (await call("GET", "/api/links", { idToken: admin })).body.map((l: { id: string }) => l.id);
    expect(remaining).toEqual([stays.id]);
    // the clicks go in the background (purgeClicks queue): wait until the purge has finished
    expect(await purged([gone.id])).toEqual({ clicks: 0, pendingPurges: 0 });
    const clicks = (await db().collection("clicks").get()).docs.map((d) => d.get("referralLinkId"));
    expect(clicks).toEqual([stays.id]);
    // the member may submit to a program of that name again
    expect((await call("POST", "/api/programs", { idToken: admin, body: { name: "Doomed" } })).status).toBe(201);
    expect((await call("DELETE", `/api/programs/${doomed.id}`, { idToken: admin })).status).toBe(404);
  });

  it("merge moves every link into the target and deletes the source, or refuses conflicts changing nothing", async () => {
    const source = await createProgramAs(admin, "Source");
    const target = await createProgramAs(admin, "Target");
    const aliceLink = await submitOwnLink(alice, source.id);
    const tomSource = await submitOwnLink(tom, source.id);
    const tomTarget = await submitOwnLink(tom, target.id);

    const conflict = await call("POST", `/api/programs/${source.id}/merge`, { idToken: admin, body: { targetProgramId: target.id } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("MERGE_CONFLICT");
    expect(conflict.body.message).toContain("trialing@example.com");
    // the programs are named, not their ids
    expect(conflict.body.message).toContain("Source");
    expect(conflict.body.message).toContain("Target");
    expect(conflict.body.message).not.toContain(source.id);
    expect(conflict.body.message).not.toContain(target.id);
    const unchanged = (await call("GET", "/api/links", { idToken: admin })).body;
    expect(unchanged.filter((l: { programId: string }) => l.programId === source.id)).toHaveLength(2);

    await call("DELETE", `/api/links/${tomTarget.id}`, { idToken: admin });
    const merged = await call("POST", `/api/programs/${source.id}/merge`, { idToken: admin, body: { targetProgramId: target.id } });
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ movedLinks: 2 });
    const links = (await call("GET", "/api/links", { idToken: admin })).body;
    expect(links.map((l: { id: string; programId: string }) => [l.id, l.programId]).sort()).toEqual(
      [
        [aliceLink.id, target.id],
        [tomSource.id, target.id],
      ].sort(),
    );
    const programs = (await call("GET", "/api/programs", { idToken: admin })).body;
    expect(programs.map((p: { name: string }) => p.name)).toEqual(["Target"]);
    // the moved links keep the one-per-program rule in their new program
    expect(
      (
        await call("POST", "/api/user/links", {
          idToken: alice,
          body: { programId: target.id, link: "https://x.example/", description: "d" },
        })
      ).status,
    ).toBe(409);

    expect((await call("POST", `/api/programs/${target.id}/merge`, { idToken: admin, body: { targetProgramId: target.id } })).status).toBe(
      400,
    );
  });
});

describe("links", () => {
  it("ids this API never hands out name nothing: 404 or 400, never 500", async () => {
    expect((await call("DELETE", "/api/links/a%2Fb", { idToken: admin })).status).toBe(404);
    expect((await call("POST", "/api/links/__x__/approve", { idToken: admin })).status).toBe(404);
    expect((await call("PATCH", `/api/programs/${"x".repeat(200)}`, { idToken: admin, body: { name: "N" } })).status).toBe(404);
    const badProgram = await call("POST", "/api/user/links", {
      idToken: alice,
      body: { programId: "a/b", link: "https://x.example/", description: "d" },
    });
    expect(badProgram.status).toBe(400);
    expect(badProgram.body.message).toBe("Program is required");
    expect((await call("PATCH", "/api/links/bulk", { idToken: admin, body: { ids: ["a/b"], op: "approve" } })).status).toBe(400);
    expect((await call("POST", "/api/programs/abc/merge", { idToken: admin, body: { targetProgramId: "x".repeat(2000) } })).status).toBe(
      400,
    );
  });

  it("a member submits for their own e-mail only, one link per program", async () => {
    const p = await createProgramAs(admin, "Chase");
    const ok = await call("POST", "/api/links", {
      idToken: alice,
      body: { programId: p.id, name: "Alice", email: "Active@Example.com", link: "https://refer.example.com/a", description: "60k points" },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      approved: false,
      paused: false,
      isDead: false,
      email: "active@example.com",
      programName: "Chase",
      visitCount: 0,
      testedOffer: null,
    });
    const forSomeoneElse = await call("POST", "/api/links", {
      idToken: alice,
      body: { programId: p.id, name: "Alice", email: "trialing@example.com", link: "https://refer.example.com/a", description: "x" },
    });
    expect(forSomeoneElse.status).toBe(403);
    const again = await call("POST", "/api/user/links", {
      idToken: alice,
      body: { programId: p.id, link: "https://refer.example.com/b", description: "x" },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: "DUPLICATE_PROGRAM_LINK", message: "You already have a link for this program" });
  });

  it("lets only one of two simultaneous submissions for one program through", async () => {
    const p = await createProgramAs(admin, "Race");
    const answers = await Promise.all(
      ["a", "b", "c"].map((s) =>
        call("POST", "/api/user/links", {
          idToken: alice,
          body: { programId: p.id, link: `https://refer.example.com/${s}`, description: "x" },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it("a member cannot link to another member's unapproved program or an unknown one", async () => {
    const proposed = await createProgramAs(tom, "Tom's idea");
    expect(
      (
        await call("POST", "/api/user/links", {
          idToken: alice,
          body: { programId: proposed.id, link: "https://x.example/", description: "d" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call("POST", "/api/user/links", { idToken: alice, body: { programId: "nope", link: "https://x.example/", description: "d" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call("POST", "/api/user/links", {
          idToken: tom,
          body: { programId: proposed.id, link: "https://x.example/", description: "d" },
        })
      ).status,
    ).toBe(201);
  });

  it("members see and change only their own links; others' are 404", async () => {
    const p = await createProgramAs(admin, "Chase");
    const tomsLink = await submitOwnLink(tom, p.id);
    expect((await call("GET", "/api/user/links", { idToken: alice })).body).toEqual([]);
    expect((await call("PATCH", `/api/user/links/${tomsLink.id}`, { idToken: alice, body: { description: "mine now" } })).status).toBe(404);
    expect((await call("DELETE", `/api/user/links/${tomsLink.id}`, { idToken: alice })).status).toBe(404);
    expect((await call("GET", "/api/user/links", { idToken: tom })).body[0].description).toBe("Bonus offer");
  });

  it("orders a member's links dead first, then pending, then newest", async () => {
    const [a, b, c] = [await createProgramAs(admin, "A"), await createProgramAs(admin, "B"), await createProgramAs(admin, "C")];
    const approvedOld = await submitOwnLink(alice, a.id);
    const dead = await submitOwnLink(alice, b.id);
    const pending = await submitOwnLink(alice, c.id);
    await call("POST", `/api/links/${approvedOld.id}/approve`, { idToken: admin });
    await call("POST", `/api/links/${dead.id}/approve`, { idToken: admin });
    await call("POST", `/api/links/${dead.id}/mark-dead`, { idToken: admin, body: {} });
    const order = (await call("GET", "/api/user/links", { idToken: alice })).body.map((l: { id: string }) => l.id);
    expect(order).toEqual([dead.id, pending.id, approvedOld.id]);
  });

  it("re-saving a dead link with a new URL puts it back to review", async () => {
    const p = await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, p.id);
    await call("POST", `/api/links/${link.id}/approve`, { idToken: admin });
    const dead = await call("POST", `/api/links/${link.id}/mark-dead`, { idToken: admin, body: { note: "Offer expired" } });
    expect(dead.body).toMatchObject({ isDead: true, deadNote: "Offer expired" });
    const resaved = await call("PATCH", `/api/user/links/${link.id}`, { idToken: alice, body: { link: "https://refer.example.com/new" } });
    expect(resaved.status).toBe(200);
    expect(resaved.body).toMatchObject({ link: "https://refer.example.com/new", isDead: false, deadNote: null, approved: false });
    // re-saving a dead link with the same URL also sends it back to review
    await call("POST", `/api/links/${link.id}/approve`, { idToken: admin });
    await call("POST", `/api/links/${link.id}/mark-dead`, { idToken: admin, body: {} });
    const same = await call("PATCH", `/api/user/links/${link.id}`, { idToken: alice, body: { link: "https://refer.example.com/new" } });
    expect(same.body).toMatchObject({ isDead: false, approved: false });
    // only the offer text changed: stays as it is
    await call("POST", `/api/links/${link.id}/approve`, { idToken: admin });
    const text = await call("PATCH", `/api/user/links/${link.id}`, { idToken: alice, body: { description: "Better offer" } });
    expect(text.body).toMatchObject({ approved: true, description: "Better offer" });
  });

  it("admin moderation: approve, pause, unpause, mark dead (the owner is e-mailed the note), mark alive", async () => {
    const p = await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, p.id);
    const at = (op: string, body?: unknown) => call("POST", `/api/links/${link.id}/${op}`, { idToken: admin, body });
    expect((await at("approve")).body.approved).toBe(true);
    expect((await at("pause")).body.paused).toBe(true);
    expect((await at("unpause")).body.paused).toBe(false);
    const dead = await at("mark-dead", { note: "The referral page says the code expired" });
    expect(dead.body).toMatchObject({ isDead: true, ownerNotified: true, ownerNotEmailed: false });
    const mail = await latestMailTo("active@example.com", /marked dead/);
    expect(mail.subject).toContain("Chase");
    expect(mail.text).toContain("The referral page says the code expired");
    expect((await call("GET", "/api/links", { idToken: admin })).body[0].lastNotifiedAt).not.toBeNull();
    expect((await at("mark-alive")).body).toMatchObject({ isDead: false, deadNote: null });
    expect((await call("POST", "/api/links/missing/approve", { idToken: admin })).status).toBe(404);
  });

  it("each link says whether it is active as the rotation decides: a lapsed or blocked owner's link is not", async () => {
    const program = await createProgramAs(admin, "Held Back Bank");
    const live = await addLink(admin, program.id, "live@example.com");
    const paused = await addLink(admin, program.id, "paused@example.com");
    await call("POST", `/api/links/${paused.id}/pause`, { idToken: admin });
    await addLink(admin, program.id, "pending@example.com", false);
    await addLink(admin, program.id, "lapsed@example.com");
    await addLink(admin, program.id, "blocked@example.com");
    // owners held back by their account alone (their links untouched), as the rotation reads them
    const member = { isAdmin: false, createdByAdmin: false, approved: true, createdAt: new Date() };
    await db()
      .doc("users/lapsed-uid")
      .set({ ...member, username: "lapsed@example.com", email: "lapsed@example.com", blocked: false, subscriptionStatus: "canceled" });
    await db()
      .doc("users/blocked-uid")
      .set({ ...member, username: "blocked@example.com", email: "blocked@example.com", blocked: true, subscriptionStatus: "active" });
    const own = await submitOwnLink(alice, program.id);
    await call("POST", `/api/links/${own.id}/approve`, { idToken: admin });

    const links: { email: string; isActive: boolean }[] = (await call("GET", "/api/links", { idToken: admin })).body;
    expect(Object.fromEntries(links.map((l) => [l.email, l.isActive]))).toEqual({
      "live@example.com": true,
      "active@example.com": true,
      "paused@example.com": false,
      "pending@example.com": false,
      "lapsed@example.com": false,
      "blocked@example.com": false,
    });
    // the rotation sends visitors to exactly the links called active
    expect(new Set((await visitMany(program.id, 12)).keys())).toEqual(new Set([live.url, "https://refer.example.com/x"]));
    // the member's own list and the analytics' active links say the same
    expect((await call("GET", "/api/user/links", { idToken: alice })).body.map((l: { isActive: boolean }) => l.isActive)).toEqual([true]);
    const users: { email: string; activeLinks: number }[] = (await call("GET", "/api/analytics/users?timeFilter=all", { idToken: admin }))
      .body;
    expect(Object.fromEntries(users.map((u) => [u.email, u.activeLinks]))).toMatchObject({
      "live@example.com": 1,
      "lapsed@example.com": 0,
      "blocked@example.com": 0,
    });
  });

  it("move: to another program, not the same one, not where the owner already has a link", async () => {
    const [a, b, c] = [await createProgramAs(admin, "A"), await createProgramAs(admin, "B"), await createProgramAs(admin, "C")];
    const link = await submitOwnLink(alice, a.id);
    await submitOwnLink(alice, b.id);
    expect((await call("POST", `/api/links/${link.id}/move`, { idToken: admin, body: { programId: a.id } })).status).toBe(400);
    const taken = await call("POST", `/api/links/${link.id}/move`, { idToken: admin, body: { programId: b.id } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("DUPLICATE_PROGRAM_LINK");
    expect((await call("POST", `/api/links/${link.id}/move`, { idToken: admin, body: { programId: "nope" } })).status).toBe(404);
    const moved = await call("POST", `/api/links/${link.id}/move`, { idToken: admin, body: { programId: c.id } });
    expect(moved.body).toMatchObject({ programId: c.id, programName: "C" });
    // the old program's slot is free again
    expect(
      (await call("POST", "/api/user/links", { idToken: alice, body: { programId: a.id, link: "https://x.example/", description: "d" } }))
        .status,
    ).toBe(201);
  });

  it("bulk: approve with a partial result, mark dead e-mailing each owner", async () => {
    const p = await createProgramAs(admin, "Chase");
    const q = await createProgramAs(admin, "Amex");
    const l1 = await submitOwnLink(alice, p.id);
    const l2 = await submitOwnLink(tom, q.id);
    const res = await call("PATCH", "/api/links/bulk", { idToken: admin, body: { ids: [l1.id, l2.id, "missing"], op: "approve" } });
    expect(res.body).toEqual({ updated: 2, failed: [{ id: "missing", message: "Link not found" }] });
    const dead = await call("PATCH", "/api/links/bulk", {
      idToken: admin,
      body: { ids: [l1.id, l2.id], op: "mark-dead", deadNote: "Expired" },
    });
    expect(dead.body).toEqual({ updated: 2, failed: [], notNotified: [] });
    expect((await latestMailTo("trialing@example.com", /marked dead/)).text).toContain("Expired");
    const links = (await call("GET", "/api/links", { idToken: admin })).body;
    expect(links.every((l: { isDead: boolean; approved: boolean }) => l.isDead && l.approved)).toBe(true);
  });

  it("CSV export: one row per link, quoted, formulas neutralised", async () => {
    const p = await createProgramAs(admin, "Chase, Sapphire");
    const link = await submitOwnLink(alice, p.id);
    await call("PATCH", `/api/links/${link.id}`, { idToken: admin, body: { description: '=HYPERLINK("http://evil.example")' } });
    const res = await call("GET", "/api/admin/export-csv", { idToken: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="referral-links-export-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Program,Owner Name,Owner Email,Link,Offer Details,Approved,Paused,Dead,Dead Note,Clicks,Tested Offer,Created,Updated",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Chase, Sapphire"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it("the link test refuses loopback and metadata addresses and records the result", async () => {
    const p = await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, p.id, "http://127.0.0.1:5000/");
    const res = await call("POST", `/api/admin/test-referral-link/${link.id}`, { idToken: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.validation.isValid).toBe(false);
    expect(res.body.validation.errorMessage).toMatch(/not public/);
    const stored = (await call("GET", "/api/links", { idToken: admin })).body[0];
    expect(stored.testedOffer).toMatch(/^Broken: Refused/);
    expect(stored.testedAt).not.toBeNull();

    await call("PATCH", `/api/links/${link.id}`, { idToken: admin, body: { link: "http://169.254.169.254/latest/meta-data" } });
    expect(
      (await call("POST", `/api/admin/test-referral-link/${link.id}`, { idToken: admin, body: {} })).body.validation.errorMessage,
    ).toMatch(/169\.254\.169\.254 is not public/);
  });
});

describe("link test against a public site", () => {
  it.each([
    ["/offer", true, null],
    ["/redirect-to-offer", true, null],
    ["/expired", false, /404/],
    ["/redirect-to-metadata", false, /169\.254\.169\.254 is not public/],
    ["/redirect-to-loopback", false, /127\.0\.0\.1 is not public/],
  ])("%s → valid %s", async (path, isValid, message) => {
    const p = await createProgramAs(admin, "Chase");
    const link = await submitOwnLink(alice, p.id, `${suite.fixtureSite}${path}`);
    const res = await call("POST", `/api/admin/test-referral-link/${link.id}`, { idToken: admin, body: {} });
    expect(res.body.validation.isValid).toBe(isValid);
    if (message) expect(res.body.validation.errorMessage).toMatch(message);
    else expect(res.body.validation.responseTime).toBeGreaterThan(0);
    const stored = (await call("GET", "/api/links", { idToken: admin })).body[0];
    expect(stored.testedOffer).toMatch(isValid ? /^Working \(HTTP 200/ : /^Broken/);
  });

  it("bulk test checks each link and records every result", async () => {
    const [p, q] = [await createProgramAs(admin, "A"), await createProgramAs(admin, "B")];
    const ok = await submitOwnLink(alice, p.id, `${suite.fixtureSite}/offer`);
    const bad = await submitOwnLink(alice, q.id, `${suite.fixtureSite}/expired`);
    const res = await call("PATCH", "/api/links/bulk", { idToken: admin, body: { ids: [ok.id, bad.id, "missing"], op: "test" } });
    expect(res.body).toEqual({
      updated: 2,
      failed: [{ id: "missing", message: "Link not found" }],
      tested: { ok: 1, broken: 1, inconclusive: 0 },
    });
    const tested = (await call("GET", "/api/links", { idToken: admin })).body;
    expect(tested.find((l: { id: string }) => l.id === ok.id).testedOffer).toMatch(/^Working/);
    expect(tested.find((l: { id: string }) => l.id === bad.id).testedOffer).toMatch(/^Broken/);
  });
});

describe("announcements", () => {
  it("one announcement: created by the first save, edited afterwards, hidden when inactive", async () => {
    expect((await call("GET", "/api/announcements/active")).body).toBeNull();
    const created = await call("POST", "/api/announcements", { idToken: admin, body: { message: "Welcome!", isActive: true } });
    expect(created.body).toMatchObject({ message: "Welcome!", isActive: true });
    const edited = await call("POST", "/api/announcements", { idToken: admin, body: { message: "Updated", isActive: true } });
    expect(edited.body.id).toBe(created.body.id);
    expect((await call("GET", "/api/announcements/active")).body.message).toBe("Updated");
    await call("PATCH", `/api/announcements/${created.body.id}`, { idToken: admin, body: { isActive: false } });
    expect((await call("GET", "/api/announcements/active")).body).toBeNull();
    // the admin still reads it, to edit and show again; nobody else does
    const inactive = await call("GET", "/api/announcements", { idToken: admin });
    expect(inactive.status).toBe(200);
    expect(inactive.body).toMatchObject({ id: created.body.id, message: "Updated", isActive: false });
    expect((await call("GET", "/api/announcements")).status).toBe(401);
    expect((await call("GET", "/api/announcements", { idToken: alice })).status).toBe(403);
    expect((await call("PATCH", "/api/announcements/other", { idToken: admin, body: { isActive: true } })).status).toBe(404);
  });
});
