import type { Caller } from "./accounts/caller";

declare global {
  namespace Express {
    interface Request {
      /** Set by the auth middleware once the ID token is verified. */
      caller?: Caller;
      /** Set by the Cloud Functions runtime, which parses bodies before the app sees them. */
      rawBody?: Buffer;
    }
  }
}
