/**
 * Firebase Auth, loaded on demand. The SDK is the largest part of the app's code and the first page
 * paints without it: the session starts loading it once the page is on screen, and anything that
 * needs it earlier (a sign-in, an API call for a signed-in caller) loads it then. One load, shared.
 */
import type * as FirebaseAuthSdk from "./firebase-auth";

export type FirebaseAuthModule = typeof FirebaseAuthSdk;

let loading: Promise<FirebaseAuthModule> | undefined;
let loaded: FirebaseAuthModule | undefined;
const waiting: ((module: FirebaseAuthModule) => void)[] = [];

export function loadFirebaseAuth(): Promise<FirebaseAuthModule> {
  loading ??= import("./firebase-auth").then(
    (module) => {
      loaded = module;
      for (const resolve of waiting.splice(0)) resolve(module);
      return module;
    },
    (error: unknown) => {
      // a failed download (offline) may be retried by the next caller
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The SDK if it has loaded already, without loading it. */
export function loadedFirebaseAuth(): FirebaseAuthModule | undefined {
  return loaded;
}

/** Resolves once the SDK has loaded, whoever loads it; does not load it. */
export function whenFirebaseAuthLoaded(): Promise<FirebaseAuthModule> {
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve) => waiting.push(resolve));
}

/**
 * Whether this browser may hold a Firebase session to restore. Firebase Auth keeps it in the
 * IndexedDB database "firebaseLocalStorageDb" (or, without IndexedDB, under localStorage keys
 * "firebase:authUser:…"), which it creates the first time it runs here. Without either, nobody
 * is signed in, and a visitor's page need not download the SDK to learn so. Answers true whenever
 * it cannot tell.
 */
export async function mayHaveFirebaseSession(): Promise<boolean> {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (window.localStorage.key(i)?.startsWith("firebase:authUser:")) return true;
    }
    if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return true;
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === FIREBASE_AUTH_DATABASE);
  } catch {
    return true;
  }
}

const FIREBASE_AUTH_DATABASE = "firebaseLocalStorageDb";
