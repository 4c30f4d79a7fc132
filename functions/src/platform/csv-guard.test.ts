import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutraliseFormula } from "./csv-guard";

/*
 * The CSV exports (the admin's links, a member's earnings) pass every cell through the formula guard:
 * a cell a spreadsheet would run as a formula reaches it as text, and whoever reads the cell can tell
 * what the member wrote.
 */

const RUNS = { seed: 5959, numRuns: 1_000 };
/** What makes a spreadsheet run a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** What a reader of the exported cell takes the member's text to be: the guard's apostrophe dropped. */
const recover = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** Any text, often opening with what a spreadsheet runs, an apostrophe, or both. */
const cellText = fc
  .tuple(
    fc.constantFrom("", "", "=", "+", "-", "@", "\t", "\r", "'", "'a", " =", "a=", "\n="),
    fc.string({ unit: "binary", maxLength: 40 }),
  )
  .map(([start, rest]) => start + rest);

/** The same, as one line of a sheet (the exports' rows end in CRLF). */
const lineText = cellText.map((s) => s.replace(/[\r\n]/g, ""));

/** A row as the exports write it, and the cell a spreadsheet reads back from it. */
function throughCsv(value: string): string {
  const csv = stringify([["id", neutraliseFormula(value)]], { record_delimiter: "\r\n" });
  const rows = parse(csv) as string[][];
  expect(rows).toHaveLength(1);
  return rows[0]![1]!;
}

describe("a cell a spreadsheet would run as a formula", () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Claim")', '\'=HYPERLINK("https://evil.example","Claim")'],
    ["+1 555 0100", "'+1 555 0100"],
    ["-500 points clawed back", "'-500 points clawed back"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", "'\r=1+1"],
  ])("%j reaches the sheet as the text %j", (value, cell) => {
    expect(neutraliseFormula(value)).toBe(cell);
  });

  it.each(["Earn 60,000 points", "a=b", "100% back + more", " =1+1", "'quoted", "", "2024-01-31", "café"])(
    "%j, which no spreadsheet runs, is left as written",
    (value) => {
      expect(neutraliseFormula(value)).toBe(value);
    },
  );

  it("for any text, the cell never opens as a formula, and the member's text can be read back from it", () => {
    fc.assert(
      fc.property(cellText, (value) => {
        // an apostrophe before a formula character is itself what the guard writes: see recover
        fc.pre(!/^'[=+\-@\t\r]/.test(value));
        const cell = neutraliseFormula(value);
        expect(cell).not.toMatch(FORMULA_START);
        expect(recover(cell)).toBe(value);
        // the guard adds the one apostrophe, and only when the text would run
        expect(cell.length - value.length).toBe(FORMULA_START.test(value) ? 1 : 0);
      }),
      RUNS,
    );
  });

  it("the guard holds through the exports' CSV: the cell read back never opens as a formula and keeps the text", () => {
    fc.assert(
      fc.property(lineText, (value) => {
        fc.pre(!/^'[=+\-@\t]/.test(value));
        const cell = throughCsv(value);
        expect(cell).not.toMatch(FORMULA_START);
        expect(recover(cell)).toBe(value);
      }),
      RUNS,
    );
  });
});
