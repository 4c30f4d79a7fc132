// @ts-check
/**
 * Builds what a deploy uploads and what the local suite runs: one file, lib/index.js.
 *
 * A deploy uploads functions/ alone and installs the packages of functions/package.json, so the
 * contract (the workspace package @hub/contract, outside this folder and outside package.json) is
 * bundled in, and every package the platform installs stays external, required at run time.
 * Lazily imported modules (the API's weight: express, Stripe, nodemailer; the mail templates with
 * React and react-dom/server) stay lazy: esbuild wraps them so that their code and their require()
 * calls run on first import, not when the file loads.
 */
import { readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const here = new URL(".", import.meta.url);
const { dependencies } = JSON.parse(readFileSync(new URL("package.json", here), "utf8"));
const external = Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]);
// The runtime a deploy runs (firebase.json, e.g. nodejs24) is the target: one place says the major.
const { functions } = JSON.parse(readFileSync(new URL("../firebase.json", here), "utf8"));
const runtime = /^nodejs(\d+)$/.exec(functions[0].runtime);
if (!runtime) throw new Error(`firebase.json functions[0].runtime is not nodejsNN: ${functions[0].runtime}`);

rmSync(new URL("lib", here), { recursive: true, force: true });
await build({
  entryPoints: [new URL("src/index.ts", here).pathname],
  outfile: new URL("lib/index.js", here).pathname,
  bundle: true,
  platform: "node",
  target: `node${runtime[1]}`,
  format: "cjs",
  external,
  // the mail templates (src/platform/mail/*.tsx), as tsconfig.json's "react-jsx": react/jsx-runtime, external
  jsx: "automatic",
  sourcemap: true,
  logLevel: "warning",
});
