import { FIXTURE_SITE, HOST, PORTS } from "./suite-config";

/**
 * The local suite's "public web site" (scripts/web-fixture), which the link tester reaches as
 * FIXTURE_SITE: `/offer` works, `/expired` is 404, `/blocked` 403, `/unavailable` 503, and each
 * `/bank/{name}` answers what a test sets here.
 */
const control = `http://${HOST}:${String(PORTS.webFixture)}`;

export const fixturePage = (path: string) => `${FIXTURE_SITE}${path}`;

/** `/bank/{name}` answers `status` from now on (a referral expires, or is fixed). */
export async function setBankPage(name: string, status: number): Promise<void> {
  const res = await fetch(`${control}/__status/${name}`, { method: "PUT", body: String(status) });
  if (res.status !== 204) throw new Error(`fixture site: ${String(res.status)}`);
}

export async function resetBankPages(): Promise<void> {
  await fetch(`${control}/__status`, { method: "DELETE" });
}
