import { describe, expect, it } from "vitest";
import { linksExportFileName } from "@hub/contract/links";
import { fileNameFromContentDisposition } from "./export-file";

describe("export file name", () => {
  it("names the file by UTC day", () => {
    expect(linksExportFileName(new Date("2024-05-06T23:30:00Z"))).toBe("referral-links-export-2024-05-06.csv");
  });

  it("reads the name from Content-Disposition", () => {
    expect(fileNameFromContentDisposition('attachment; filename="referral-links-export-2024-05-06.csv"')).toBe(
      "referral-links-export-2024-05-06.csv",
    );
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
  });
});
