import { toSvgPath } from "lean-qr/extras/svg";
import { correction, generate } from "lean-qr/nano";
import { describe, expect, it } from "vitest";
import { compactQrPath } from "./qr-path";

/** The outlines a compact path draws, as lists of absolute corners (M, m, h, v and z only). */
function outlinesOf(path: string): [number, number][][] {
  const outlines: [number, number][][] = [];
  let pen: [number, number] = [0, 0];
  let current: [number, number][] = [];
  for (const [, command, args] of path.matchAll(/([MmhvZz])([^MmhvZz]*)/g)) {
    const numbers = (args!.match(/-?\d+/g) ?? []).map(Number);
    if (command === "M" || command === "m") {
      pen = command === "M" ? [numbers[0]!, numbers[1]!] : [pen[0] + numbers[0]!, pen[1] + numbers[1]!];
      current = [pen];
      outlines.push(current);
    } else if (command === "h" || command === "v") {
      pen = command === "h" ? [pen[0] + numbers[0]!, pen[1]] : [pen[0], pen[1] + numbers[0]!];
      current.push(pen);
    } else {
      pen = current[0]!;
    }
  }
  return outlines;
}

/** Whether the point is inside the outlines by SVG's default rule (nonzero winding). */
function filled(outlines: [number, number][][], x: number, y: number): boolean {
  let winding = 0;
  for (const corners of outlines) {
    corners.forEach(([x1, y1], i) => {
      const [x2, y2] = corners[(i + 1) % corners.length]!;
      // only the vertical edges to the right of the point cross a ray drawn rightwards from it
      if (x1 === x2 && x1 > x && Math.min(y1, y2) < y && y < Math.max(y1, y2)) winding += Math.sign(y2 - y1);
    });
  }
  return winding !== 0;
}

const ADDRESSES = [
  "https://hub.example.com/r/amex-gold",
  "https://referral-hub.example.org/r/chase-sapphire-preferred-with-a-long-name",
  "https://referral-hub.web.app/api/programs/dW9TkZrJSpUXmz9OAq7q/redirect",
];

describe("compactQrPath", () => {
  it.each(ADDRESSES)("draws exactly the dark modules of the code of %s", (address) => {
    const code = generate(address, { minCorrectionLevel: correction.M });
    const outlines = outlinesOf(compactQrPath(toSvgPath(code)));
    for (let y = 0; y < code.size; y++) {
      for (let x = 0; x < code.size; x++) {
        // each module's centre
        expect(filled(outlines, x + 0.5, y + 0.5), `module ${String(x)},${String(y)}`).toBe(code.get(x, y));
      }
    }
  });

  it.each(ADDRESSES)("takes under two fifths of the characters lean-qr's path takes for %s", (address) => {
    const path = toSvgPath(generate(address, { minCorrectionLevel: correction.M }));
    expect(compactQrPath(path).length).toBeLessThan(path.length * 0.4);
  });
});
