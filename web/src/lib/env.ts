/** Public, build-time settings. Only VITE_* values reach the bundle; none of them is a secret. */

const read = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

export const env = {
  useEmulators: import.meta.env.VITE_USE_EMULATORS === "true",
  authEmulatorHost: read(import.meta.env.VITE_AUTH_EMULATOR_HOST) ?? "127.0.0.1:9099",
  firebase: {
    apiKey: read(import.meta.env.VITE_FIREBASE_API_KEY),
    authDomain: read(import.meta.env.VITE_FIREBASE_AUTH_DOMAIN),
    projectId: read(import.meta.env.VITE_FIREBASE_PROJECT_ID),
    appId: read(import.meta.env.VITE_FIREBASE_APP_ID),
  },
} as const;
