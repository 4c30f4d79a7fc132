import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore, type Firestore } from "firebase-admin/firestore";

function app() {
  return getApps()[0] ?? initializeApp();
}

let firestore: Firestore | undefined;
export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(app());
    firestore.settings({ ignoreUndefinedProperties: true });
  }
  return firestore;
}

export const auth = () => getAuth(app());

export const COLLECTIONS = {
  users: "users",
  emailTokens: "email_tokens",
  rateLimits: "rate_limits",
} as const;
