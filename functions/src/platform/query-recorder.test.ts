import { describe, expect, it } from "vitest";
import { callSite } from "./query-recorder";

describe("callSite", () => {
  it("is the first frame in functions/src, past the SDK and the recorder", () => {
    const stack = [
      "Error",
      "    at record (/repo/node_modules/@google-cloud/firestore/build/src/reference/query.js:10:5)",
      "    at Query.get (/repo/functions/test/helpers.ts:3:1)",
      "    at Query.target.<computed> [as get] (/repo/functions/src/platform/query-recorder.ts:61:30)",
      "    at countPrograms (/repo/functions/src/catalog/programs.store.ts:104:73)",
      "    at async handler (/repo/functions/src/programs/programs.routes.ts:20:3)",
    ].join("\n");
    expect(callSite(stack)).toEqual({ site: "functions/src/catalog/programs.store.ts:104", column: 73 });
  });
  it("reads file URLs and frames without a function name", () => {
    expect(callSite("Error\n    at file:///repo/functions/src/a.store.ts:7:9")).toEqual({ site: "functions/src/a.store.ts:7", column: 9 });
  });
  it("is null when no frame is the functions' code (a test's own read)", () => {
    expect(callSite("Error\n    at Object.<anonymous> (/repo/functions/test/api/x.test.ts:1:1)")).toBeNull();
  });
});
