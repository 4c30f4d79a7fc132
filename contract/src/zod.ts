import { z, ZodError } from "zod";

/*
 * zod compiles object parsers with `new Function` when the runtime allows eval, and decides so when
 * each object schema is built. The web app's Content-Security-Policy forbids eval, and even zod's
 * caught probe for it is reported as a violation. So every schema of the contract (and of the web
 * app) is built after this line: they import `z` from here, never from "zod" directly.
 */
z.config({ jitless: true });

export { z, ZodError };
