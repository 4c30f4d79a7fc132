import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GCLOUD_PLATFORM = "/usr/lib/google-cloud-sdk/platform";
const FIRESTORE_JAR = `${GCLOUD_PLATFORM}/cloud-firestore-emulator/cloud-firestore-emulator.jar`;
const PUBSUB_BIN = `${GCLOUD_PLATFORM}/pubsub-emulator/bin/cloud-pubsub-emulator`;

/**
 * Machines without internet carry the emulators in the Google Cloud CLI package. firebase-tools
 * starts the Firestore one with `java -jar`, but that jar names no Main-Class, so a launcher jar
 * whose manifest does is built once into the cache. Where the CLI package is absent, nothing is
 * set and firebase-tools downloads its own emulators as usual.
 */
export function localEmulatorBinaryEnv(cacheDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  if (existsSync(FIRESTORE_JAR)) {
    const dir = join(cacheDir, "emulators");
    const launcher = join(dir, "firestore-launcher.jar");
    if (!existsSync(launcher)) {
      mkdirSync(dir, { recursive: true });
      const manifest = join(dir, "MANIFEST.MF");
      writeFileSync(
        manifest,
        `Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\nClass-Path: file:${FIRESTORE_JAR}\n`,
      );
      execFileSync("jar", ["cfm", launcher, manifest], { stdio: "inherit" });
    }
    env.FIRESTORE_EMULATOR_BINARY_PATH = launcher;
  }
  if (existsSync(PUBSUB_BIN)) env.PUBSUB_EMULATOR_BINARY_PATH = PUBSUB_BIN;
  return env;
}
