import { ensureAdmin } from "../functions/src/toolkit";
import { idTokenFromPassword } from "./emulators";
import type { RouteRequest } from "@hub/contract/routes";
import { callRoute } from "./http";
import { signInMember } from "./members";

export const ADMIN = { email: "admin@example.com", password: "admin-password-1" };

/** ID tokens for an admin and two members (both with active subscriptions in the local Stripe). */
export async function signInActors() {
  await ensureAdmin(ADMIN.email, ADMIN.password);
  const [admin, alice, tom] = await Promise.all([
    idTokenFromPassword(ADMIN.email, ADMIN.password),
    signInMember("active@example.com"),
    signInMember("trialing@example.com"),
  ]);
  return { admin, alice, tom };
}

export async function createProgramAs(idToken: string, name: string, extra: Partial<RouteRequest<"createProgram", "body">> = {}) {
  const res = await callRoute("createProgram", { idToken, body: { name, ...extra } });
  if (res.status !== 201) throw new Error(`create program ${res.status}: ${res.text}`);
  return res.body as { id: string; name: string; approved: boolean };
}

export async function submitOwnLink(idToken: string, programId: string, link = "https://refer.example.com/x") {
  const res = await callRoute("submitOwnLink", { idToken, body: { programId, link, description: "Bonus offer" } });
  if (res.status !== 201) throw new Error(`submit link ${res.status}: ${res.text}`);
  return res.body as { id: string; programId: string; approved: boolean };
}
