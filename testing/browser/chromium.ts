// Plain constants, no test runner: the benches start Chromium with them too.

/** Debian's Chromium (no test tool can download its own browser here), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
