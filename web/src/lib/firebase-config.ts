import type { FirebaseOptions } from "firebase/app";

/** Used when the app runs against the emulators and no project is configured. */
export const EMULATOR_DEFAULTS = { projectId: "demo-referral-hub", apiKey: "demo-api-key" } as const;

export interface FirebaseEnv {
  apiKey?: string | undefined;
  authDomain?: string | undefined;
  projectId?: string | undefined;
  appId?: string | undefined;
}

/**
 * The options for initializeApp. Against the emulators a demo project is enough; against a real
 * project a missing key would only fail later with an obscure Auth error, so it fails here.
 */
export function buildFirebaseOptions(config: FirebaseEnv, useEmulators: boolean): FirebaseOptions {
  const options: FirebaseOptions = {
    apiKey: config.apiKey ?? (useEmulators ? EMULATOR_DEFAULTS.apiKey : undefined),
    projectId: config.projectId ?? (useEmulators ? EMULATOR_DEFAULTS.projectId : undefined),
  };
  if (config.authDomain) options.authDomain = config.authDomain;
  if (config.appId) options.appId = config.appId;
  if (!options.apiKey || !options.projectId) {
    throw new Error("Firebase is not configured: set VITE_FIREBASE_API_KEY and VITE_FIREBASE_PROJECT_ID (or VITE_USE_EMULATORS=true).");
  }
  return options;
}

/** "127.0.0.1:9099" or "http://127.0.0.1:9099" → the URL connectAuthEmulator expects. */
export function authEmulatorUrl(host: string): string {
  return /^https?:\/\//.test(host) ? host : `http://${host}`;
}
