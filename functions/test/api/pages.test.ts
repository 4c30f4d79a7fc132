import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_COMMUNITY, HOST, PORTS, PROJECT_ID } from "../../../testing/suite-config";
import { createProgramAs, signInActors } from "../../../testing/actors";
import { resetEmulators } from "../../../testing/emulators";
import { call, callRoute } from "../../../testing/http";
import { addLink } from "../../../testing/rotation";

let admin: string;

beforeEach(async () => {
  await resetEmulators();
  ({ admin } = await signInActors());
});

const share = (programId: string) =>
  callRoute("toggleProgramShared", { params: { id: programId }, idToken: admin, body: { isSharedOnSite: true } });

/** The data the page carries for the browser's first render (web/src/app/page-state.ts). */
function pageState(html: string): { queries: { queryKey: string[]; state: { data: unknown } }[] } {
  const json = /<script type="application\/json" id="hub-page-state">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("the page carries no state");
  return JSON.parse(json) as ReturnType<typeof pageState>;
}

describe("the server-rendered pages (the `pages` function behind / and /programs)", () => {
  it("renders /programs with the programs shared on the site, its title, and the data the browser starts from", async () => {
    const shared = await createProgramAs(admin, "Shared <b>Bank</b>", { description: "Bonus </script><script>alert(1)</script>" });
    await addLink(admin, shared.id, "owner@example.com");
    await share(shared.id);
    await createProgramAs(admin, "Hidden Bank");

    const res = await call("GET", "/programs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    // the same for everyone: the CDN keeps it a minute, as it keeps the programs' list
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = res.text;
    expect(html).toContain(`<title>Referral Programs · ${DEMO_COMMUNITY.name} Referral Hub</title>`);
    // names and descriptions are text, never markup, in the page and in its data
    expect(html).toContain("Shared &lt;b&gt;Bank&lt;/b&gt;");
    expect(html).not.toContain("<b>Bank");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("1 active link");
    expect(html).not.toContain("Hidden Bank");
    expect(html).not.toContain("owner@example.com");
    // the card's QR code is drawn in the page, and the app is not named: the visitor's island is
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 \d+ \d+"[^>]*><path d="M/);
    // no inline script (the Content-Security-Policy refuses them): the island, and the data as JSON
    expect(html.match(/<script[^>]*>/g)).toEqual([
      expect.stringContaining('src="/visitor-island.js"'),
      '<script type="application/json" id="hub-page-state">',
    ]);

    const state = pageState(html);
    const programs = state.queries.find((query) => query.queryKey[0] === "public-programs")?.state.data;
    expect(programs).toEqual((await call("GET", "/api/public/programs")).body);
    const community = state.queries.find((query) => query.queryKey[0] === "community")?.state.data;
    expect(community).toEqual(DEMO_COMMUNITY);
  });

  it("renders / with the community and a visitor's e-mail box that works without the app", async () => {
    const res = await call("GET", "/");
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain(`<title>${DEMO_COMMUNITY.name} Referral Hub</title>`);
    expect(html).toContain(`Members of ${DEMO_COMMUNITY.name} share their referral links here`);
    expect(html).toContain(`href="${DEMO_COMMUNITY.joinUrl}"`);
    // submitted before the app has run, the form goes where the app would send it
    expect(html).toMatch(/<form[^>]*action="\/email-login"[^>]*method="get"/);
    expect(html).toMatch(/<input[^>]*name="email"/);
  });

  it("compresses the page for a browser that asks, and answers nothing but its two pages", async () => {
    const gzipped = await fetch(`http://${HOST}:${String(PORTS.hosting)}/programs`, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toContain("Referral Programs");
    const functionUrl = `http://${HOST}:${String(PORTS.functions)}/${PROJECT_ID}/us-central1/pages`;
    expect((await fetch(`${functionUrl}/admin`)).status).toBe(404);
    expect((await fetch(`${functionUrl}/programs`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${functionUrl}/programs`)).status).toBe(200);
  });
});
