/** The local suite's addresses, as `npm run exec` sets them. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this test through \`npm run exec -- …\``);
  return value;
}

export const suite = {
  get appUrl() {
    return required("APP_URL");
  },
  get mailUrl() {
    return required("MAIL_URL");
  },
  get stripeUrl() {
    return required("STRIPE_URL");
  },
  get authHost() {
    return required("FIREBASE_AUTH_EMULATOR_HOST");
  },
  get firestoreHost() {
    return required("FIRESTORE_EMULATOR_HOST");
  },
  /** The local suite's stand-in for a public web site (see scripts/web-fixture). */
  get fixtureSite() {
    return required("FIXTURE_SITE");
  },
  get projectId() {
    return required("GCLOUD_PROJECT");
  },
};
