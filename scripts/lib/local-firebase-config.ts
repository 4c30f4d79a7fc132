import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatCsp, parseCsp } from "../../testing/csp";

/** The parts of firebase.json this module reads. */
interface FirebaseConfig {
  hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
}

/**
 * firebase.json as the local suite serves it: the same in every respect but one, the app's pages may
 * also reach the Auth emulator (in production they talk to Google's Auth endpoints only). Answers
 * whose policy lets them load nothing (the API's, the rotation's) are left as they are.
 */
export function localFirebaseConfig<C extends FirebaseConfig>(config: C, authEmulatorOrigin: string): C {
  const copy = structuredClone(config);
  for (const rule of copy.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() !== "content-security-policy") continue;
      const csp = parseCsp(header.value);
      if (!csp.has("connect-src") && csp.get("default-src")?.join(" ") === "'none'") continue;
      csp.set("connect-src", [...(csp.get("connect-src") ?? ["'self'"]), authEmulatorOrigin]);
      header.value = formatCsp(csp);
    }
  }
  return copy;
}

/** Writes firebase.local.json beside firebase.json (same folder: its relative paths stay right) and returns its path. */
export function writeLocalFirebaseConfig(root: string, authEmulatorOrigin: string): string {
  const config = JSON.parse(readFileSync(join(root, "firebase.json"), "utf8")) as FirebaseConfig;
  const path = join(root, "firebase.local.json");
  writeFileSync(path, `${JSON.stringify(localFirebaseConfig(config, authEmulatorOrigin), null, 2)}\n`);
  return path;
}
