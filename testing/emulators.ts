import { suite } from "./suite-env";

/** Empties Firestore and Auth through the emulators' own REST endpoints. */
export async function resetEmulators(): Promise<void> {
  const firestore = await fetch(`http://${suite.firestoreHost}/emulator/v1/projects/${suite.projectId}/databases/(default)/documents`, {
    method: "DELETE",
  });
  const accounts = await fetch(`http://${suite.authHost}/emulator/v1/projects/${suite.projectId}/accounts`, { method: "DELETE" });
  if (!firestore.ok || !accounts.ok) throw new Error(`emulator reset failed: ${firestore.status} ${accounts.status}`);
}

/** What the browser SDK does after signInWithCustomToken: trade it for an ID token. */
export async function idTokenFromCustomToken(customToken: string): Promise<string> {
  const res = await fetch(`http://${suite.authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`signInWithCustomToken failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/**
 * What anyone can do with the project's public web API key: sign up to Firebase Auth with any
 * e-mail and a password of their own (self sign-up; the Auth emulator cannot turn it off).
 */
export async function selfSignUp(email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const res = await fetch(`http://${suite.authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`accounts:signUp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/** What the browser SDK does for signInWithEmailAndPassword. */
export async function idTokenFromPassword(email: string, password: string): Promise<string> {
  const res = await fetch(`http://${suite.authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`signInWithPassword failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/**
 * What anyone can do with the public web API key and an identity provider the project enables:
 * sign in with that provider (here Google, whose sign-in the Auth emulator fakes from the claims
 * given), or with `linkTo` (an ID token) add that sign-in to an account they hold.
 */
export async function idTokenFromGoogle(googleId: string, linkTo?: string): Promise<{ uid: string; idToken: string }> {
  const claims = { sub: googleId, email: `${googleId}@gmail.example`, email_verified: true };
  const res = await fetch(`http://${suite.authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      postBody: `providerId=google.com&id_token=${encodeURIComponent(JSON.stringify(claims))}`,
      requestUri: "http://localhost",
      returnSecureToken: true,
      ...(linkTo ? { idToken: linkTo } : {}),
    }),
  });
  if (!res.ok) throw new Error(`accounts:signInWithIdp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}
