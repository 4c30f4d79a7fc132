/** Where each part of the local suite listens. firebase.json holds the emulators' own ports. */
export const PROJECT_ID = "demo-referral-hub";
export const HOST = "127.0.0.1";

/**
 * Which of the local suites this process belongs to. `npm test` runs two side by side (the browser
 * tests on suite 0, the API tests on suite 1: scripts/test-all.ts), each with every port moved by
 * SLOT_PORT_STEP; `npm start` and `npm run exec` are suite 0 unless SUITE_SLOT says otherwise.
 */
export const SUITE_SLOT = suiteSlot(process.env.SUITE_SLOT);
/** 300 apart: no port of one suite is another's, nor one of the ports browsers and fetch() refuse (6000, 10080, ...). */
const SLOT_PORT_STEP = 300;

function suiteSlot(value: string | undefined): number {
  if (!value) return 0;
  if (!/^[0-3]$/.test(value)) throw new Error(`SUITE_SLOT must be 0, 1, 2 or 3, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** Where the suite keeps its services' logs (emulators.log, maildev.log), relative to the repository. */
export const SUITE_LOGS = SUITE_SLOT === 0 ? ".cache/logs" : `.cache/suite-${String(SUITE_SLOT)}/logs`;

const BASE_PORTS = {
  hosting: 5000,
  functions: 5001,
  firestore: 8080,
  /** The Firestore emulator's websocket (its UI's live view; the UI is off but the port is taken). */
  firestoreWebsocket: 9150,
  auth: 9099,
  pubsub: 8085,
  /** The Cloud Tasks emulator, started with the Functions emulator: it runs the task queue functions. */
  tasks: 9499,
  eventarc: 9299,
  /** The CLI's own two (its defaults, 4400 and 4500, would be suite 2's hosting and suite 3's pub/sub, ... ). */
  hub: 14400,
  logging: 14500,
  stripe: 12111,
  webFixture: 12112,
  smtp: 1025,
  inbox: 1080,
  /** The rotation served as Cloud Run serves it (testing/rotation-instances.ts): this port and the next few. */
  rotationInstances: 8091,
} as const;

export const PORTS = Object.fromEntries(Object.entries(BASE_PORTS).map(([name, port]) => [name, port + SUITE_SLOT * SLOT_PORT_STEP])) as {
  readonly [K in keyof typeof BASE_PORTS]: number;
};

export const URLS = {
  app: `http://${HOST}:${PORTS.hosting}`,
  stripe: `http://${HOST}:${PORTS.stripe}`,
  inbox: `http://${HOST}:${PORTS.inbox}`,
  smtp: `smtp://${HOST}:${PORTS.smtp}`,
} as const;

/** What the browser build needs to talk to the emulators instead of a real project. */
export const WEB_BUILD_ENV = {
  VITE_USE_EMULATORS: "true",
  VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
  VITE_FIREBASE_API_KEY: "demo-api-key",
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
  VITE_AUTH_EMULATOR_HOST: `${HOST}:${PORTS.auth}`,
} as const;

/**
 * The made-up public host name under which the link tester (emulator only) reaches the web fixture;
 * must match LINK_TESTER_FIXTURE_HOST in functions/.env.demo-referral-hub.
 */
export const FIXTURE_SITE = `http://fixture.referral-hub.test:${PORTS.webFixture}`;

/** The community the local suite runs for; must match COMMUNITY_* in functions/.env.demo-referral-hub. */
export const DEMO_COMMUNITY = {
  name: "Demo Points Club",
  joinUrl: "https://join.demo-points-club.example/membership",
  supportEmail: "support@demo-points-club.example",
} as const;

/**
 * The key the local suite's rotation signs visitor cookies with (VISITOR_COOKIE_SECRET, written to
 * functions/.secret.local by scripts/local-suite.ts); tests sign cookies with it. Never a deploy's.
 */
export const LOCAL_VISITOR_COOKIE_SECRET = "local-suite-visitor-cookie-secret-not-for-deploys";

/** Variables the commands run by `npm run exec` receive. */
export const EXEC_ENV = {
  APP_URL: URLS.app,
  FIRESTORE_EMULATOR_HOST: `${HOST}:${PORTS.firestore}`,
  FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${PORTS.auth}`,
  PUBSUB_EMULATOR_HOST: `${HOST}:${PORTS.pubsub}`,
  // firebase-admin's taskQueue().enqueue goes to the emulator's queues (tests that run the app in-process)
  CLOUD_TASKS_EMULATOR_HOST: `${HOST}:${PORTS.tasks}`,
  GCLOUD_PROJECT: PROJECT_ID,
  STRIPE_URL: URLS.stripe,
  MAIL_URL: URLS.inbox,
  FIXTURE_SITE,
  // Everything here talks to the emulators: firebase-admin must not probe for a cloud metadata
  // server (on some networks that probe hangs or answers 403 with a warning).
  METADATA_SERVER_DETECTION: "none",
  SUITE_SLOT: String(SUITE_SLOT),
} as const;

/** The demo data `npm start` seeds, run as it runs it (tsx, from the root); the README's browser test runs it the same way. */
export const DEMO_SEED_SCRIPT = "scripts/seed-demo.ts";

export const DEMO = {
  admin: { email: "admin@example.com", password: "admin-demo-password" },
  member: "active@example.com",
  trialMember: "trialing@example.com",
} as const;
