// Plain constants and one function, no test runner: the benches start Chromium with them too.
import { existsSync } from "node:fs";

/** Debian's Chromium, when the machine has it (`apt-get install chromium`). */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

let found: Promise<string> | undefined;

/**
 * The Chromium every test and bench drives: CHROMIUM_PATH if set, else the machine's own, else the
 * one `npm ci` brought from the registry (@sparticuz/chromium: a headless shell with its own fonts,
 * unpacked into the temporary folder on first use, about a second), so a fresh machine needs no
 * other step. No test tool can download a browser of its own here.
 */
export function chromiumPath(): Promise<string> {
  return (found ??= (async () => {
    if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
    if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
    const { default: registryChromium } = await import("@sparticuz/chromium");
    return registryChromium.executablePath();
  })());
}

/**
 * How every test and bench starts Chromium on these machines: no sandbox (root), no GPU, and none of
 * the background connections a closed network refuses many at a time.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
