import { call } from "./http";
import { idTokenFromCustomToken } from "./emulators";

/** Asks for a login link and returns the token the emulator puts in the answer. */
export async function requestLoginToken(email: string): Promise<string> {
  const res = await call<{ token: string }>("POST", "/api/auth/email", { body: { email } });
  if (res.status !== 200) throw new Error(`POST /api/auth/email ${res.status}: ${res.text}`);
  return res.body.token;
}

/** The whole member sign-in: link, token exchange, Firebase ID token. */
export async function signInMember(email: string): Promise<string> {
  const token = await requestLoginToken(email);
  const res = await call<{ customToken: string }>("GET", `/api/auth/login?token=${encodeURIComponent(token)}`);
  if (res.status !== 200) throw new Error(`GET /api/auth/login ${res.status}: ${res.text}`);
  return idTokenFromCustomToken(res.body.customToken);
}
