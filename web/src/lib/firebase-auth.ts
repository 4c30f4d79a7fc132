// Loaded on demand through loadFirebaseAuth() (./firebase.ts), never imported directly: the Firebase
// SDK is the largest thing the app needs, and the first page paints without it.
import { getApp, getApps, initializeApp } from "firebase/app";
import { browserLocalPersistence, connectAuthEmulator, getAuth, indexedDBLocalPersistence, initializeAuth, type Auth } from "firebase/auth";
import { env } from "./env";
import { authEmulatorUrl, buildFirebaseOptions } from "./firebase-config";

export {
  EmailAuthProvider,
  onIdTokenChanged,
  reauthenticateWithCredential,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
} from "firebase/auth";

// Only Auth runs in the browser: every piece of data comes through /api, never from Firestore.
const firebaseApp = getApps().length > 0 ? getApp() : initializeApp(buildFirebaseOptions(env.firebase, env.useEmulators));

function createAuth(): Auth {
  // initializeAuth throws if Auth already exists (e.g. after a hot reload), so reuse it then.
  // (initializeAuth without a popup/redirect resolver also keeps that code out of the bundle.)
  try {
    return initializeAuth(firebaseApp, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  } catch {
    return getAuth(firebaseApp);
  }
}

export const auth = createAuth();

if (env.useEmulators && !auth.emulatorConfig) {
  connectAuthEmulator(auth, authEmulatorUrl(env.authEmulatorHost), { disableWarnings: true });
}
