import { getAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../src/platform/db";
import { ADMIN, createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { idTokenFromPassword, resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { productionLikeDeps, serveInProcess } from "../../../testing/in-process-app";
import { suite } from "../../../testing/suite-env";
import { failAtWrite } from "../../../testing/write-faults";

/**
 * Operations that touch many documents are all or nothing: a failure injected at each of their
 * writes in turn (the real app in-process, the real emulators) leaves the store and the sign-in
 * accounts as they were, and a retry then gives the end state a run without faults gives.
 */

let app: Awaited<ReturnType<typeof serveInProcess>>;
beforeAll(async () => {
  app = await serveInProcess(productionLikeDeps(suite.stripeUrl));
});
afterAll(() => app.close());

const faultsInjected: string[] = [];
afterAll(() => {
  console.info(
    `faults injected: ${String(faultsInjected.length)} (${[...new Set(faultsInjected.map((f) => f.split(" @")[0]))].join(", ")})`,
  );
});

/** Every document of every collection, and every sign-in account's e-mail, for before/after comparisons. */
async function everything(): Promise<string> {
  const collections = (await db().listCollections()).sort((a, b) => a.id.localeCompare(b.id));
  const contents: Record<string, unknown> = {};
  for (const collection of collections) contents[collection.id] = (await collection.get()).docs.map((doc) => [doc.id, doc.data()]).sort();
  const accounts = (await getAuth().listUsers()).users.map((u) => [u.uid, u.email ?? null, u.disabled]).sort();
  return JSON.stringify({ contents, accounts });
}

interface Scenario {
  name: string;
  /** Builds the starting state through the API and returns the request to make (always as the admin). */
  seed: (actors: { admin: string; alice: string }) => Promise<{ method: string; path: string; body?: unknown }>;
  /** What a user would check after the operation has been done once, fault or not. */
  done: (admin: string) => Promise<unknown>;
}

async function seeded(scenario: Scenario) {
  await resetEmulators();
  const { admin, alice } = await signInActors();
  const request = await scenario.seed({ admin, alice });
  return { admin, request };
}

const send = (admin: string, request: { method: string; path: string; body?: unknown }) =>
  call(request.method, request.path, { baseUrl: app.url, idToken: admin, ...(request.body !== undefined ? { body: request.body } : {}) });

const linksOf = async (admin: string) =>
  ((await call("GET", "/api/links", { idToken: admin })).body as { email: string; programName: string; paused: boolean }[])
    .map((l) => `${l.email} in ${l.programName}${l.paused ? " (paused)" : ""}`)
    .sort();
const usernames = async (admin: string) => (await callRoute("listUsers", { idToken: admin })).body.map((u) => u.username);

const SCENARIOS: Scenario[] = [
  {
    name: "program merge",
    seed: async ({ admin }) => {
      const [source, target] = [await createProgramAs(admin, "Amex Gold Old"), await createProgramAs(admin, "Amex Gold")];
      await call("POST", "/api/links", {
        idToken: admin,
        body: { programId: source.id, name: "A", email: "a@example.com", link: "https://x.example/a", description: "d" },
      });
      await call("POST", "/api/links", {
        idToken: admin,
        body: { programId: source.id, name: "B", email: "b@example.com", link: "https://x.example/b", description: "d" },
      });
      return { method: "POST", path: `/api/programs/${source.id}/merge`, body: { targetProgramId: target.id } };
    },
    done: async (admin) => ({
      links: await linksOf(admin),
      programs: ((await call("GET", "/api/programs", { idToken: admin })).body as { name: string }[]).map((p) => p.name),
    }),
  },
  {
    name: "program delete",
    seed: async ({ admin, alice }) => {
      const program = await createProgramAs(admin, "Chase");
      await submitOwnLink(alice, program.id);
      await call("POST", "/api/links", {
        idToken: admin,
        body: { programId: program.id, name: "B", email: "b@example.com", link: "https://x.example/b", description: "d" },
      });
      return { method: "DELETE", path: `/api/programs/${program.id}` };
    },
    done: async (admin) => ({
      links: await linksOf(admin),
      programs: ((await call("GET", "/api/programs", { idToken: admin })).body as { name: string }[]).map((p) => p.name),
    }),
  },
  {
    name: "user delete",
    seed: async ({ admin, alice }) => {
      const program = await createProgramAs(admin, "Chase");
      await submitOwnLink(alice, program.id);
      return { method: "DELETE", path: "/api/users/active@example.com" };
    },
    done: async (admin) => ({ users: await usernames(admin), links: await linksOf(admin) }),
  },
  {
    name: "user e-mail change",
    seed: async ({ admin, alice }) => {
      const program = await createProgramAs(admin, "Chase");
      await submitOwnLink(alice, program.id);
      return { method: "PATCH", path: "/api/users/active@example.com", body: { newEmail: "alice.new@example.com", notes: "moved" } };
    },
    done: async (admin) => ({ users: await usernames(admin), links: await linksOf(admin) }),
  },
  {
    name: "user merge",
    seed: async ({ admin }) => {
      const program = await createProgramAs(admin, "Chase");
      const uid = "legacy-duplicate";
      const t = new Date(Date.now() + 1000);
      await db().collection("users").doc(uid).set({
        username: "Active@Example.com ",
        email: "Active@Example.com ",
        isAdmin: false,
        blocked: false,
        approved: true,
        createdByAdmin: false,
        notes: "Old account",
        displayName: "Alice Legacy",
        createdAt: t,
        updatedAt: t,
      });
      await db().collection("referral_links").add({
        programId: program.id,
        email: "Active@Example.com ",
        name: "Legacy",
        link: "https://x.example/",
        description: "d",
        approved: true,
        paused: false,
        isDead: false,
        createdAt: t,
        submittedAt: t,
        updatedAt: t,
      });
      await db()
        .collection("email_tokens")
        .add({ email: "Active@Example.com ", useCount: 0, maxUses: 5, expiresAt: new Date(Date.now() + 3_600_000) });
      return {
        method: "POST",
        path: "/api/admin/merge-accounts",
        body: { primaryEmail: "active@example.com", duplicateEmail: "Active@Example.com " },
      };
    },
    done: async (admin) => ({ users: await usernames(admin), links: await linksOf(admin) }),
  },
  {
    name: "user block",
    seed: async ({ admin, alice }) => {
      const [p, q] = [await createProgramAs(admin, "A"), await createProgramAs(admin, "B")];
      await submitOwnLink(alice, p.id);
      await submitOwnLink(alice, q.id);
      return { method: "POST", path: "/api/users/active@example.com/block" };
    },
    done: async (admin) => ({ links: await linksOf(admin) }),
  },
  {
    name: "bulk pause",
    seed: async ({ admin }) => {
      const program = await createProgramAs(admin, "Chase");
      const ids: string[] = [];
      for (const owner of ["a", "b", "c"]) {
        const res = await call<{ id: string }>("POST", "/api/links", {
          idToken: admin,
          body: { programId: program.id, name: owner, email: `${owner}@example.com`, link: `https://x.example/${owner}`, description: "d" },
        });
        ids.push(res.body.id);
      }
      return { method: "PATCH", path: "/api/links/bulk", body: { ids, op: "pause" } };
    },
    done: async (admin) => ({ links: await linksOf(admin) }),
  },
];

describe.each(SCENARIOS)("$name", (scenario) => {
  it("changes nothing when any of its writes fails, and a retry then finishes it", { timeout: 180_000 }, async () => {
    // the end state without faults, to compare retries with
    const clean = await seeded(scenario);
    expect((await send(clean.admin, clean.request)).status).toBeLessThan(300);
    const expected = await scenario.done(clean.admin);

    let finished = false;
    for (let n = 1; n <= 20 && !finished; n++) {
      const { admin, request } = await seeded(scenario);
      const before = await everything();
      const fault = failAtWrite(n);
      let res;
      try {
        res = await send(admin, request);
      } finally {
        fault.restore();
      }
      if (res.status < 300) {
        // fewer writes than n: every write point has been tried
        expect(n).toBeGreaterThan(1);
        finished = true;
        continue;
      }
      faultsInjected.push(`${scenario.name} @${String(n)}`);
      expect({ write: n, status: res.status, code: (res.body as { code?: string }).code }).toEqual({
        write: n,
        status: 500,
        code: "INTERNAL",
      });
      expect({ write: n, unchanged: (await everything()) === before }).toEqual({ write: n, unchanged: true });
      // the same request again, without a fault, finishes the job as if nothing had happened
      const freshAdmin = await idTokenFromPassword(ADMIN.email, ADMIN.password);
      expect((await send(freshAdmin, request)).status).toBeLessThan(300);
      expect(await scenario.done(freshAdmin)).toEqual(expected);
    }
    expect(finished).toBe(true);
  });
});

describe("user delete whose sign-in account fails to go", () => {
  it("answers 500, and the same delete again removes the account left behind", async () => {
    const { admin } = await seeded(SCENARIOS.find((s) => s.name === "user delete")!);
    const accounts = getAuth();
    const deleteUser = accounts.deleteUser.bind(accounts);
    accounts.deleteUser = () => Promise.reject(new Error("injected: Auth unavailable"));
    let res;
    try {
      res = await send(admin, { method: "DELETE", path: "/api/users/active@example.com" });
    } finally {
      accounts.deleteUser = deleteUser;
    }
    faultsInjected.push("user delete, sign-in account @auth");
    expect(res.status).toBe(500);
    expect(
      await getAuth()
        .getUserByEmail("active@example.com")
        .then(() => "still there"),
    ).toBe("still there");
    expect((await send(admin, { method: "DELETE", path: "/api/users/active@example.com" })).status).toBe(204);
    expect(
      await getAuth()
        .getUserByEmail("active@example.com")
        .then(
          () => "still there",
          () => "gone",
        ),
    ).toBe("gone");
    expect(await usernames(admin)).not.toContain("active@example.com");
  });
});
