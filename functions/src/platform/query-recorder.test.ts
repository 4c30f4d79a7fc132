import { describe, expect, it } from "vitest";
import { callSite } from "./query-recorder";

describe("callSite", () => {
  it("is the first frame in functions/src, past the SDK and the recorder", () => {
    const stack = [
      "Error",
      "    at record (/repo/node_modules/@google-cloud/firestore/build/src/reference/query.js:10:5)",
      "    at Query.target.<computed> [as get] (/repo/functions/src/platform/query-recorder.ts:61:30)",
      "    at countPrograms (/repo/functions/src/catalog/programs.store.ts:104:73)",
      "    at async handler (/repo/functions/src/programs/programs.routes.ts:20:3)",
    ].join("\n");
    expect(callSite(stack)).toEqual({ site: "functions/src/catalog/programs.store.ts:104", column: 73 });
  });
  it("reads file URLs and frames without a function name", () => {
    expect(callSite("Error\n    at file:///repo/functions/src/a.store.ts:7:9")).toEqual({ site: "functions/src/a.store.ts:7", column: 9 });
  });
  it("is null when a test's stand-in, called by the functions' code, runs the query", () => {
    const stack = [
      "Error",
      "    at Query.target.<computed> [as get] (/repo/functions/src/platform/query-recorder.ts:61:30)",
      "    at forgetHostTurns (/repo/functions/test/api/terms-stand-ins.ts:101:59)",
      "    at Object.read (/repo/functions/test/api/terms-stand-ins.ts:79:13)",
      "    at checkProgramTerms (/repo/functions/src/terms/terms-check.service.ts:62:40)",
    ].join("\n");
    expect(callSite(stack)).toBeNull();
  });
  it("skips a bundled library's frames that the source map sends to node_modules", () => {
    expect(callSite("Error\n    at q (/repo/node_modules/x/q.ts:1:1)\n    at f (/repo/functions/src/a.store.ts:7:9)")).toEqual({
      site: "functions/src/a.store.ts:7",
      column: 9,
    });
  });
  it("is null when no frame is the functions' code (a test's own read)", () => {
    expect(callSite("Error\n    at Object.<anonymous> (/repo/functions/test/api/x.test.ts:1:1)")).toBeNull();
  });
});
