import { FieldValue } from "firebase-admin/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import type { Program } from "@hub/contract/programs";
import { rotationPath } from "@hub/contract/routes";
import { SLUG_INVALID_MESSAGE, SLUG_TAKEN_MESSAGE } from "@hub/contract/slugs";
import { db } from "../../src/platform/db";
import { createProgram } from "../../src/catalog/programs.store";
import { createJob, readJob } from "../../src/jobs/jobs.store";
import { PROGRAM_SLUGS_CHUNK, programSlugsSlice } from "../../src/programs/program-slugs-job.service";
import { createProgramAs, signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { callRoute } from "../../../testing/http";
import { productionLikeDeps } from "../../../testing/in-process-app";
import { runJob } from "../../../testing/jobs";
import {
  addLink,
  CookieVisitor,
  programWithLinks,
  ROTATION_SETTLE_MS,
  sleep,
  storedCounts,
  visit,
  visitShort,
} from "../../../testing/rotation";
import { suite } from "../../../testing/suite-env";
import { keepEachTestInOneClockHour } from "../../../testing/clock-hour";

/**
 * Short rotation addresses (docs/architecture.md, *Short rotation addresses*): every approved program has
 * a slug made from its name, `/r/{slug}` is its rotation (the old address keeps working), admins may
 * change it, and a slug once given is never given to another program.
 */
let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

async function created(idToken: string, name: string): Promise<Program> {
  const res = await callRoute("createProgram", { idToken, body: { name } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const patchSlug = (id: string, slug: unknown, idToken = admin) =>
  callRoute("updateProgram", { params: { id }, idToken, body: { slug } as { slug: string } });
const programNamed = async (id: string, idToken = admin) => (await callRoute("listPrograms", { idToken })).body.find((p) => p.id === id)!;
const shortUrl = (slug: string) => `${suite.appUrl}/r/${slug}`;

/** What the rotation's 404 page looks like: HTML, never cached. */
async function expectNotFoundPage(slug: string) {
  const answer = await visitShort(slug);
  expect({ status: answer.status, location: answer.location, contentType: answer.contentType, cache: answer.cacheControl }).toEqual({
    status: 404,
    location: null,
    contentType: "text/html; charset=utf-8",
    cache: "private, no-store",
  });
}

describe("a program's slug", () => {
  it("is made from the name when an admin creates it: accents stripped, punctuation dropped, cut at a word boundary to 60", async () => {
    const accents = await created(admin, "Café Crédit — Gold & Platinum!");
    expect(accents).toMatchObject({ slug: "cafe-credit-gold-platinum", redirectUrl: shortUrl("cafe-credit-gold-platinum") });
    const apostrophe = await created(admin, "Capital One's Venture X");
    expect(apostrophe.slug).toBe("capital-ones-venture-x");
    const long = await created(admin, "Chase Sapphire Preferred Visa Signature Card with Extra Travel Points and Lounge Access");
    expect(long.slug).toBe("chase-sapphire-preferred-visa-signature-card-with-extra");
    expect(long.slug!.length).toBeLessThanOrEqual(60);
  });

  it("takes -2, -3, … when the name's slug is taken", async () => {
    expect((await created(admin, "Chase Gold")).slug).toBe("chase-gold");
    expect((await created(admin, "Chase-Gold!")).slug).toBe("chase-gold-2");
    expect((await created(admin, "chase: gold")).slug).toBe("chase-gold-3");
  });

  it("is program- and the id's first 8 characters when the name gives fewer than 3", async () => {
    for (const name of ["X", "בנק"]) {
      const program = await created(admin, name);
      const expected = `program-${program.id
        .slice(0, 8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "0")}`;
      expect(program).toMatchObject({ slug: expected, redirectUrl: shortUrl(expected) });
    }
  });

  it("is null for a member's proposal, whose address is the old one, and made when an admin approves it", async () => {
    const proposal = await created(alice, "Amex Blue Cash");
    expect(proposal).toMatchObject({ approved: false, slug: null });
    expect(proposal.redirectUrl).toBe(`${suite.appUrl}${rotationPath(proposal.id)}`);
    expect(await programNamed(proposal.id, alice)).toMatchObject({ slug: null, redirectUrl: proposal.redirectUrl });

    const approved = await callRoute("approveProgram", { params: { id: proposal.id }, idToken: admin });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approved: true, slug: "amex-blue-cash", redirectUrl: shortUrl("amex-blue-cash") });
    // the member's list shows it too
    expect(await programNamed(proposal.id, alice)).toMatchObject({ slug: "amex-blue-cash", redirectUrl: shortUrl("amex-blue-cash") });
    // approving again changes nothing
    expect((await callRoute("approveProgram", { params: { id: proposal.id }, idToken: admin })).body.slug).toBe("amex-blue-cash");
  });

  it("stays when the program is renamed", async () => {
    const program = await created(admin, "Discover It");
    const renamed = await callRoute("updateProgram", {
      params: { id: program.id },
      idToken: admin,
      body: { name: "Discover It Cash Back" },
    });
    expect(renamed.body).toMatchObject({ name: "Discover It Cash Back", slug: "discover-it", redirectUrl: shortUrl("discover-it") });
  });
});

describe("/r/{slug}", () => {
  keepEachTestInOneClockHour();

  it("is the program's rotation: redirects and counts as the old address, one visitor sticking to one link across both, counted once an hour", async () => {
    const { programId, slug, links } = await programWithLinks(admin, 3);
    const visitor = new CookieVisitor();
    const first = await visitor.visitShort(slug);
    expect(first.status).toBe(302);
    expect(first.cacheControl).toBe("private, no-store");
    expect(links.map((l) => l.url)).toContain(first.location);
    expect(first.setCookies.some((c) => c.startsWith("__session=") && c.includes("Path=/"))).toBe(true);
    // the same visitor at the old address, then at the short one typed in capitals: the same link, not counted again
    expect((await visitor.visit(programId)).location).toBe(first.location);
    expect((await visitor.visitShort(slug.toUpperCase())).location).toBe(first.location);
    const stored = await storedCounts(programId);
    expect(stored.clickRecords).toBe(1);
    expect(stored.dayCounters.get(links.find((l) => l.url === first.location)!.id)).toBe(1);

    // new visitors at either address go round the links, each counted
    const others = [await visitShort(slug), await visit(programId), await visitShort(slug)].map((a) => a.location);
    expect(new Set(others)).toEqual(new Set(links.map((l) => l.url)));
    expect((await storedCounts(programId)).clickRecords).toBe(4);
  }, 60_000);

  it("works whatever the case of the address (/r/Chase-Gold)", async () => {
    const program = await created(admin, "Chase Gold");
    const link = await addLink(admin, program.id, "owner@example.com");
    for (const typed of ["Chase-Gold", "CHASE-GOLD", "chase-gold"]) {
      const answer = await visitShort(typed);
      expect({ typed, status: answer.status, location: answer.location }).toEqual({ typed, status: 302, location: link.url });
    }
  });

  // (an address that is not valid percent-encoding never reaches the function through the Hosting
  // emulator, which answers it itself: hostile-input.test.ts sends those to the function directly)
  it("answers an unknown or malformed slug with the 404 page", async () => {
    await created(admin, "Chase Gold");
    for (const slug of ["no-such-program", "chase-gold-2", "chase--gold", "ab", "-chase-gold", "x".repeat(61), "chase_gold", "caf%C3%A9"]) {
      await expectNotFoundPage(slug);
    }
  });

  it("answers a program with no active link as the old address does: its fallback, else the 404 page", async () => {
    await createProgramAs(admin, "Fallback Bank", { fallbackUrl: "https://bank.example/apply" });
    expect((await visitShort("fallback-bank")).location).toBe("https://bank.example/apply");
    await created(admin, "Empty Bank");
    await expectNotFoundPage("empty-bank");
  });
});

describe("PATCH /api/programs/{id} { slug }", () => {
  it("sets a new slug that works at once; the previous one keeps leading to the program, and can become current again", async () => {
    const { programId, slug, links } = await programWithLinks(admin, 1);
    const changed = await patchSlug(programId, "my-bank");
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ slug: "my-bank", redirectUrl: shortUrl("my-bank") });
    expect((await visitShort("my-bank")).location).toBe(links[0]!.url);
    expect((await visitShort(slug)).location).toBe(links[0]!.url);
    expect(await programNamed(programId)).toMatchObject({ slug: "my-bank" });

    // its own past slug: allowed, current again; its current slug: no change
    expect((await patchSlug(programId, slug)).body).toMatchObject({ slug, redirectUrl: shortUrl(slug) });
    expect((await patchSlug(programId, slug)).status).toBe(200);
    expect((await visitShort("my-bank")).location).toBe(links[0]!.url);
    const held = (await db().collection("program_slugs").where("programId", "==", programId).get()).docs.map((d) => [
      d.id,
      d.get("current"),
    ]);
    expect(new Map(held as [string, boolean][])).toEqual(
      new Map([
        [slug, true],
        ["my-bank", false],
      ]),
    );
  });

  it("refuses another program's slug, now or in the past, and a deleted program's, with 409 SLUG_TAKEN", async () => {
    const mine = await created(admin, "Mine");
    const other = await created(admin, "Other Bank");
    expect((await patchSlug(other.id, "other-bank-renamed")).status).toBe(200);
    const doomed = await created(admin, "Doomed Bank");
    expect((await callRoute("deleteProgram", { params: { id: doomed.id }, idToken: admin })).status).toBe(204);

    for (const slug of ["other-bank-renamed", "other-bank", "doomed-bank"]) {
      const res = await patchSlug(mine.id, slug);
      expect({ slug, status: res.status, body: res.body }).toEqual({
        slug,
        status: 409,
        body: { code: "SLUG_TAKEN", message: SLUG_TAKEN_MESSAGE },
      });
    }
    expect(await programNamed(mine.id)).toMatchObject({ slug: "mine" });
    // nor does a new program of the deleted one's name get its slug
    expect((await created(admin, "Doomed Bank")).slug).toBe("doomed-bank-2");
  });

  it.each([
    ["upper-case", "My-Bank"],
    ["a double hyphen", "my--bank"],
    ["too short", "ab"],
    ["too long", "x".repeat(61)],
    ["a leading hyphen", "-my-bank"],
    ["a trailing hyphen", "my-bank-"],
    ["a space", "my bank"],
    ["an accent", "mý-bank"],
    ["not a string", 42],
    ["null", null],
  ])("refuses a slug with %s: 400 with the rule, nothing changed", async (_what, slug) => {
    const program = await created(admin, "Steady Bank");
    const res = await patchSlug(program.id, slug);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION", issues: [{ path: "slug", message: SLUG_INVALID_MESSAGE }] });
    expect(await programNamed(program.id)).toMatchObject({ slug: "steady-bank" });
  });

  it("is the admin's: a member's attempt is refused with 403 and changes nothing", async () => {
    const program = await created(admin, "Steady Bank");
    const res = await patchSlug(program.id, "alices-bank", alice);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "FORBIDDEN" });
    expect(await programNamed(program.id)).toMatchObject({ slug: "steady-bank" });
    await expectNotFoundPage("alices-bank");
  });

  it("refuses a slug for a program not approved yet (400): it gets one from its name when approved", async () => {
    const proposal = await created(alice, "Waiting Bank");
    const res = await patchSlug(proposal.id, "waiting");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION", issues: [{ path: "slug" }] });
    expect(await programNamed(proposal.id)).toMatchObject({ slug: null });
    expect((await callRoute("approveProgram", { params: { id: proposal.id }, idToken: admin })).body.slug).toBe("waiting-bank");
  });
});

describe("merge and delete", () => {
  it("a merge makes every slug of the source, current and past, lead to the target", async () => {
    const source = await created(admin, "Old Card");
    const target = await created(admin, "New Card");
    const links = [await addLink(admin, source.id, "first@example.com"), await addLink(admin, target.id, "second@example.com")];
    expect((await patchSlug(source.id, "old-card-rewards")).status).toBe(200);
    // visited before the merge: a rotation instance may have the source in mind
    expect((await visitShort("old-card")).location).toBe(links[0]!.url);
    const merged = await callRoute("mergeProgram", { params: { id: source.id }, idToken: admin, body: { targetProgramId: target.id } });
    expect(merged.status).toBe(200);
    await sleep(ROTATION_SETTLE_MS);

    const targetLinks = new Set(links.map((l) => l.url));
    for (const slug of ["old-card", "old-card-rewards", "OLD-CARD"]) {
      const answer = await visitShort(slug);
      expect({ slug, status: answer.status, toTarget: targetLinks.has(answer.location ?? "") }).toEqual({
        slug,
        status: 302,
        toTarget: true,
      });
    }
    // the target keeps its own slug; the source's are its past ones: another program cannot take them, it can
    expect(await programNamed(target.id)).toMatchObject({ slug: "new-card" });
    const other = await created(admin, "Other Bank");
    expect((await patchSlug(other.id, "old-card")).status).toBe(409);
    expect((await patchSlug(target.id, "old-card")).body).toMatchObject({ slug: "old-card", redirectUrl: shortUrl("old-card") });
  });

  it("a deleted program's slug leads to the 404 page", async () => {
    const { programId, slug } = await programWithLinks(admin, 1);
    expect((await visitShort(slug)).status).toBe(302);
    expect((await callRoute("deleteProgram", { params: { id: programId }, idToken: admin })).status).toBe(204);
    await sleep(ROTATION_SETTLE_MS);
    await expectNotFoundPage(slug);
  });
});

describe("the open list", () => {
  it("gives each program's short address", async () => {
    const program = await created(admin, "Open Bank");
    expect(
      (await callRoute("toggleProgramShared", { params: { id: program.id }, idToken: admin, body: { isSharedOnSite: true } })).status,
    ).toBe(200);
    const listed = (await callRoute("listPublicPrograms")).body;
    expect(listed.map((p) => p.redirectUrl)).toEqual([shortUrl("open-bank")]);
  });
});

describe("the one-off job giving slugs", () => {
  /** Approved programs as stored before short addresses: no slug on the program, none reserved. */
  async function stripSlugs(ids: string[]) {
    for (const id of ids) {
      const slugs = await db().collection("program_slugs").where("programId", "==", id).get();
      const batch = db().batch();
      for (const doc of slugs.docs) batch.delete(doc.ref);
      batch.update(db().doc(`programs/${id}`), { slug: FieldValue.delete() });
      await batch.commit();
    }
  }

  it("gives every approved program without a slug its slug, and nothing on a second run", async () => {
    const older = [await created(admin, "Chase Gold"), await created(admin, "Chase-Gold"), await created(admin, "Z")];
    const current = await created(admin, "Already Short");
    const proposal = await created(alice, "Proposed Bank");
    await stripSlugs(older.map((p) => p.id));
    for (const p of older)
      expect(await programNamed(p.id)).toMatchObject({ slug: null, redirectUrl: `${suite.appUrl}${rotationPath(p.id)}` });

    const first = await runJob(admin, "runProgramSlugs");
    expect(first).toMatchObject({ kind: "program-slugs", state: "done", done: 5, total: 5, summary: { programsGivenSlugs: 3 } });
    const slugs = await Promise.all(older.map(async (p) => (await programNamed(p.id)).slug));
    expect(new Set(slugs.slice(0, 2))).toEqual(new Set(["chase-gold", "chase-gold-2"]));
    expect(slugs[2]).toMatch(/^program-[a-z0-9]{8}$/);
    expect(await programNamed(current.id)).toMatchObject({ slug: "already-short" });
    expect(await programNamed(proposal.id)).toMatchObject({ slug: null });
    const link = await addLink(admin, older[2]!.id, "owner@example.com");
    expect((await visitShort(slugs[2]!)).location).toBe(link.url);

    const again = await runJob(admin, "runProgramSlugs");
    expect(again).toMatchObject({ state: "done", summary: { programsGivenSlugs: 0 } });
    expect(await Promise.all(older.map(async (p) => (await programNamed(p.id)).slug))).toEqual(slugs);
  }, 60_000);

  it("is only the admin's to start, one at a time", async () => {
    expect((await callRoute("runProgramSlugs", { idToken: alice })).status).toBe(403);
    expect((await callRoute("runProgramSlugs")).status).toBe(401);
    const running = await createJob("program-slugs", { trigger: "admin", actorUid: null }, new Date(), { phase: "applying", total: 0 });
    const again = await callRoute("runProgramSlugs", { idToken: admin });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "JOB_RUNNING", jobId: running });
  });

  it(`works in slices of ${String(PROGRAM_SLUGS_CHUNK)} programs, each storing its cursor with the slugs it gave`, async () => {
    const total = PROGRAM_SLUGS_CHUNK + 5;
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      ids.push(
        (await createProgram({ name: `Bank ${String(i)}`, description: null, fallbackUrl: null, approved: true, proposedBy: null })).id,
      );
    }
    await stripSlugs(ids);
    const deps = productionLikeDeps(suite.stripeUrl);
    const jobId = await createJob("program-slugs", { trigger: "admin", actorUid: null }, new Date(), { phase: "applying", total });
    const job = async () => (await readJob(jobId))!;

    // a slice whose time is up does one step, then hands over to the next task
    expect(await programSlugsSlice(deps, await job(), 0)).toBe(false);
    expect(await job()).toMatchObject({ state: "running", done: PROGRAM_SLUGS_CHUNK, counts: { programsGivenSlugs: PROGRAM_SLUGS_CHUNK } });
    expect(await programSlugsSlice(deps, await job(), 0)).toBe(true);
    expect(await job()).toMatchObject({ state: "done", done: total, summary: { programsGivenSlugs: total } });
    const given = await db().collection("program_slugs").get();
    expect(given.size).toBe(total);
    expect(new Set(given.docs.map((d) => d.get("programId") as string))).toEqual(new Set(ids));
  }, 90_000);
});
