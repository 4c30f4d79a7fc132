/**
 * The Node.js runtimes of Cloud Run functions (what `firebase.json` `functions[].runtime` names) and
 * the dates Google stops supporting them. The one table of these dates in the repository.
 *
 * Source: Google's runtime support schedule, https://cloud.google.com/functions/docs/runtime-support
 * (the Node.js table; read 2026-11-27). Not firebase-tools' own table: 14.27 gives nodejs22 a later
 * decommission date than Google does, and Google's is the one a deploy meets.
 *
 * Deprecation: a deploy still works, but the runtime is on its way out. Decommission: no function
 * can be created or updated on it any more, so the next deploy fails.
 */
export const NODE_RUNTIMES: Record<string, { deprecation: string; decommission: string }> = {
  nodejs18: { deprecation: "2025-04-30", decommission: "2025-10-30" },
  nodejs20: { deprecation: "2026-04-30", decommission: "2026-10-30" },
  nodejs22: { deprecation: "2027-04-30", decommission: "2027-10-31" },
  nodejs24: { deprecation: "2028-04-30", decommission: "2028-10-31" },
};

export const RUNTIME_SUPPORT_PAGE = "https://cloud.google.com/functions/docs/runtime-support";

/** How long before decommission the runtime test turns red: time to upgrade and deploy once more. */
export const FAIL_DAYS_BEFORE_DECOMMISSION = 30;

const DAY_MS = 86_400_000;

export interface RuntimeVerdict {
  level: "ok" | "warn" | "fail";
  message: string;
}

/** What a deploy on `runtime` faces on `today`: fine, deprecated (warn), or due for upgrade (fail). */
export function runtimeVerdict(runtime: string, today: Date): RuntimeVerdict {
  const dates = NODE_RUNTIMES[runtime];
  if (!dates) {
    return { level: "fail", message: `runtime ${runtime} is not in the table of scripts/lib/node-runtime.ts (${RUNTIME_SUPPORT_PAGE})` };
  }
  const deprecation = new Date(`${dates.deprecation}T00:00:00Z`);
  const decommission = new Date(`${dates.decommission}T00:00:00Z`);
  const daysLeft = Math.floor((decommission.getTime() - today.getTime()) / DAY_MS);
  const upgrade = `upgrade firebase.json's runtime (and functions/package.json engines.node) to a newer nodejs runtime: see docs/deploy.md`;
  if (daysLeft < FAIL_DAYS_BEFORE_DECOMMISSION) {
    const when =
      daysLeft < 0
        ? `was decommissioned on ${dates.decommission}`
        : `is decommissioned on ${dates.decommission}, in ${String(daysLeft)} days`;
    return { level: "fail", message: `${runtime} ${when}: deploys ${daysLeft < 0 ? "fail" : "will fail"}; ${upgrade}` };
  }
  if (today.getTime() >= deprecation.getTime()) {
    return {
      level: "warn",
      message: `${runtime} has been deprecated since ${dates.deprecation} and is decommissioned on ${dates.decommission} (${String(daysLeft)} days); ${upgrade}`,
    };
  }
  return {
    level: "ok",
    message: `${runtime} is supported until ${dates.deprecation} (deprecation) and ${dates.decommission} (decommission)`,
  };
}

/** `nodejs22` → 22. */
export function runtimeMajor(runtime: string): number {
  const match = /^nodejs(\d+)$/.exec(runtime);
  if (!match) throw new Error(`not a Node.js runtime: ${runtime}`);
  return Number(match[1]);
}

/** The runtimes `firebase.json` deploys the functions on (one per codebase). */
export function configuredRuntimes(firebaseJson: { functions?: { runtime?: string }[] | { runtime?: string } }): string[] {
  const entries = Array.isArray(firebaseJson.functions) ? firebaseJson.functions : firebaseJson.functions ? [firebaseJson.functions] : [];
  return entries.map((entry) => {
    if (!entry.runtime) throw new Error("firebase.json: a functions codebase names no runtime");
    return entry.runtime;
  });
}
