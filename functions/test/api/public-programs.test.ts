import { beforeEach, describe, expect, it } from "vitest";
import { rotationPath } from "@hub/contract/routes";
import { DEMO_COMMUNITY } from "../../../testing/suite-config";
import { suite } from "../../../testing/suite-env";
import { createProgramAs, signInActors, submitOwnLink } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { addLink } from "../../../testing/rotation";

let admin: string;
let alice: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin, alice } = await signInActors());
});

const share = (programId: string) =>
  callRoute("toggleProgramShared", { params: { id: programId }, idToken: admin, body: { isSharedOnSite: true } });

describe("GET /api/public/programs", () => {
  it("refuses any query parameter (400, not cached), so a random one cannot skip the minute's cache; the rotation address ignores them", async () => {
    for (const query of ["?utm_source=newsletter", "?x=1", "?cacheBust=123&y=2", "?a[b]=c"]) {
      const res = await call("GET", `/api/public/programs${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION" });
      expect(res.headers.get("cache-control")).not.toContain("public");
    }
    const program = await createProgramAs(admin, "Shared Bank");
    const link = await addLink(admin, program.id, "owner@example.com");
    const visit = await call("GET", `${rotationPath(program.id)}?utm_source=newsletter&fbclid=abc`);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe(link.url);
  });

  it("is open to everyone and empty when nothing is shared", async () => {
    const res = await call("GET", "/api/public/programs");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("lists only approved programs shared on the site, by name, and leaks no member's data", async () => {
    const zeta = await createProgramAs(admin, "zeta Bank", { description: "Checking bonus" });
    const amex = await createProgramAs(admin, "Amex Gold");
    const hidden = await createProgramAs(admin, "Not Shared");
    const proposed = await createProgramAs(alice, "Proposed By Alice");
    for (const p of [zeta, amex, proposed]) expect((await share(p.id)).status).toBe(200);
    await addLink(admin, zeta.id, "owner1@example.com");
    await addLink(admin, zeta.id, "owner2@example.com");
    await addLink(admin, zeta.id, "pending@example.com", false);
    await addLink(admin, hidden.id, "owner3@example.com");
    await submitOwnLink(alice, amex.id, "https://refer.example.com/alice-secret-code");

    const res = await call("GET", "/api/public/programs");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: amex.id,
        name: "Amex Gold",
        description: null,
        activeLinkCount: 0,
        redirectUrl: `${suite.appUrl}/r/amex-gold`,
        offerEndsOn: null,
        termsUrl: null,
        paidReferralsThisYear: 0,
      },
      {
        id: zeta.id,
        name: "zeta Bank",
        description: "Checking bonus",
        activeLinkCount: 2,
        redirectUrl: `${suite.appUrl}/r/zeta-bank`,
        offerEndsOn: null,
        termsUrl: null,
        paidReferralsThisYear: 0,
      },
    ]);
    // nothing about members anywhere in the answer
    expect(res.text).not.toMatch(/@|refer\.example\.com|alice-secret-code|linkCount"|approved|proposedBy/);
  });
});

describe("GET /api/public/community", () => {
  it("is open to everyone and says the configured community, nothing else", async () => {
    const res = await call("GET", "/api/public/community");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEMO_COMMUNITY);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });
});
