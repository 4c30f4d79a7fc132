import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatCsp, parseCsp } from "../../testing/csp";

/** The parts of firebase.json this module reads. */
interface FirebaseConfig {
  hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
}

/** Where one local suite's emulators listen, and the folder its functions load from. */
export interface SuitePlacement {
  ports: {
    hosting: number;
    functions: number;
    firestore: number;
    firestoreWebsocket: number;
    auth: number;
    pubsub: number;
    tasks: number;
    eventarc: number;
    hub: number;
    logging: number;
  };
  /** Relative to the config's folder; "functions" for the first suite. */
  functionsSource: string;
}

/**
 * The config with every emulator's port fixed (none left to the CLI's search for a free one, which
 * races when two suites start side by side) and the functions loaded from the suite's own folder
 * (its own .env and .secret.local: the other suite's addresses differ).
 */
export function placedFirebaseConfig<C extends FirebaseConfig>(config: C, placement: SuitePlacement): C {
  const { ports } = placement;
  const copy = structuredClone(config) as C & { functions: { source: string }[]; emulators: Record<string, unknown> };
  for (const codebase of copy.functions) codebase.source = placement.functionsSource;
  const at = (port: number) => ({ host: "127.0.0.1", port });
  copy.emulators = {
    ...copy.emulators,
    auth: at(ports.auth),
    firestore: { ...at(ports.firestore), websocketPort: ports.firestoreWebsocket },
    functions: at(ports.functions),
    hosting: at(ports.hosting),
    pubsub: at(ports.pubsub),
    tasks: at(ports.tasks),
    eventarc: at(ports.eventarc),
    hub: at(ports.hub),
    logging: at(ports.logging),
  };
  return copy;
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

/**
 * Writes firebase.local.json (suite 0) or firebase.local-<slot>.json beside firebase.json (same
 * folder: its relative paths stay right) and returns its path.
 */
export function writeLocalFirebaseConfig(root: string, slot: number, placement: SuitePlacement): string {
  const config = JSON.parse(readFileSync(join(root, "firebase.json"), "utf8")) as FirebaseConfig;
  const path = join(root, slot === 0 ? "firebase.local.json" : `firebase.local-${String(slot)}.json`);
  const authOrigin = `http://127.0.0.1:${String(placement.ports.auth)}`;
  writeFileSync(path, `${JSON.stringify(placedFirebaseConfig(localFirebaseConfig(config, authOrigin), placement), null, 2)}\n`);
  return path;
}
