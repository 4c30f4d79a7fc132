import { describe, expect, it } from "vitest";
import { bulkToast, chunkIds, combineBulkResults } from "./bulk";

describe("chunkIds", () => {
  it("splits into requests of at most 100", () => {
    const ids = Array.from({ length: 250 }, (_, i) => String(i));
    expect(chunkIds(ids).map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunkIds([])).toEqual([]);
    expect(chunkIds(["a"])).toEqual([["a"]]);
  });
});

describe("bulk results and toasts", () => {
  it("full success", () => {
    const outcome = combineBulkResults([
      { updated: 100, failed: [] },
      { updated: 5, failed: [] },
    ]);
    expect(outcome).toEqual({ updated: 105, failed: 0, failures: [], requestError: undefined });
    expect(bulkToast(outcome)).toMatchObject({ description: "105 link(s) updated successfully", variant: "default" });
  });

  it("partial result uses its fixed text", () => {
    const outcome = combineBulkResults([
      {
        updated: 3,
        failed: [
          { id: "x", message: "Not found" },
          { id: "y", message: "Not found" },
        ],
      },
    ]);
    expect(bulkToast(outcome).description).toBe("3 link(s) updated successfully, 2 failed");
    // which links failed and why, not only how many
    expect(outcome.failures).toEqual([
      { id: "x", message: "Not found" },
      { id: "y", message: "Not found" },
    ]);
  });

  it("a failed request shows the server message when nothing was updated", () => {
    const outcome = combineBulkResults([], ["a", "b", "c"], "400: Maximum 100 links can be processed at once");
    expect(bulkToast(outcome)).toEqual({
      title: "Bulk operation failed",
      description: "400: Maximum 100 links can be processed at once",
      variant: "destructive",
    });
  });

  it("a later chunk failing counts its ids and the rest as failed", () => {
    const unsent = Array.from({ length: 50 }, (_, i) => `l${String(100 + i)}`);
    const outcome = combineBulkResults([{ updated: 100, failed: [] }], unsent, "500: Internal error");
    expect(outcome).toMatchObject({ updated: 100, failed: 50 });
    expect(outcome.failures[0]).toEqual({ id: "l100", message: "500: Internal error" });
    expect(bulkToast(outcome).description).toBe("100 link(s) updated successfully, 50 failed");
  });

  it("a bulk test reports what the tests found, not that every link was updated", () => {
    const outcome = combineBulkResults([
      { updated: 100, failed: [], tested: { ok: 0, broken: 90, inconclusive: 10 } },
      { updated: 2, failed: [{ id: "x", message: "Link not found" }], tested: { ok: 1, broken: 1, inconclusive: 0 } },
    ]);
    expect(outcome.tested).toEqual({ ok: 1, broken: 91, inconclusive: 10 });
    expect(bulkToast(outcome)).toEqual({
      title: "Bulk test done",
      description: "1 link passed, 91 failed, 10 could not be tested; 1 link not tested (see the list)",
      variant: "destructive",
    });
  });

  it("a bulk mark dead says whose owner could not be e-mailed", () => {
    const outcome = combineBulkResults([{ updated: 3, failed: [], notNotified: ["a", "b"] }]);
    expect(bulkToast(outcome)).toEqual({
      title: "Links marked dead, some owners not e-mailed",
      description: "3 links marked dead; the e-mail to 2 owner(s) could not be sent",
      variant: "destructive",
    });
    expect(bulkToast(combineBulkResults([{ updated: 3, failed: [], notNotified: [] }])).description).toBe("3 link(s) updated successfully");
  });
});
