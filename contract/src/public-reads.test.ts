import { describe, expect, it } from "vitest";
import { communitySchema } from "./community";
import { publicProgramListSchema } from "./programs";
import { checkCommunity, checkPublicPrograms, PUBLIC_READS } from "./public-reads";
import { API, pathOf } from "./routes";

const community = { name: "Savers Club", joinUrl: "https://example.com/join", supportEmail: "help@example.com" };
const program = { id: "p1", name: "Amex Gold", description: null, activeLinkCount: 2, redirectUrl: "/go/p1" };

describe("public reads checked without zod", () => {
  it("name the contract's public routes that read no caller", () => {
    for (const [name, read] of Object.entries(PUBLIC_READS)) {
      const spec = API[name as keyof typeof PUBLIC_READS];
      expect(read.path).toBe(pathOf(spec));
      expect(spec.method).toBe("GET");
      expect(spec.access).toBe("public");
      expect("optionalCaller" in spec && spec.optionalCaller).toBeFalsy();
    }
  });

  it("checkCommunity agrees with communitySchema", () => {
    const samples: unknown[] = [
      community,
      { ...community, name: "  Savers Club ", supportEmail: " Help@Example.com " },
      { ...community, extra: 1 },
      { ...community, name: "" },
      { ...community, name: "x".repeat(101) },
      { ...community, joinUrl: "ftp://example.com" },
      { ...community, joinUrl: "not a url" },
      { ...community, supportEmail: "nobody" },
      { ...community, name: "a\ud800b" },
      { name: "Savers Club", joinUrl: "https://example.com" },
      null,
      [],
      "Savers Club",
    ];
    for (const sample of samples) {
      const parsed = communitySchema.safeParse(sample);
      expect(checkCommunity(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it("checkPublicPrograms agrees with publicProgramListSchema", () => {
    const samples: unknown[] = [
      [],
      [program, { ...program, id: "p2", description: "Travel card", activeLinkCount: 0 }],
      [{ ...program, extra: "dropped" }],
      [{ ...program, activeLinkCount: 1.5 }],
      [{ ...program, activeLinkCount: "2" }],
      [{ ...program, description: undefined }],
      [{ ...program, redirectUrl: null }],
      [null],
      { programs: [program] },
      null,
    ];
    for (const sample of samples) {
      const parsed = publicProgramListSchema.safeParse(sample);
      expect(checkPublicPrograms(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});
