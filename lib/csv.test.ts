import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

const cells = (value: unknown) => toCsv(["x"], [[value]]).split("\r\n")[1];

describe("toCsv", () => {
  it("quotes every cell and doubles its quotes", () => {
    expect(toCsv(["name", "note"], [["Ada", 'say "hi"']])).toBe('"name","note"\r\n"Ada","say ""hi"""\r\n');
  });

  it("neutralises what a spreadsheet would run as a formula", () => {
    for (const formula of ["=cmd|' /C calc'!A0", "+SUM(A1:A9)", "-1+2", "@SUM(1)", "\t=1", "\r=1", "+234 (0) 803", "- 5"])
      expect(cells(formula)).toBe(`"'${formula}"`);
  });

  it("leaves a plain number as it is: a phone in +234 form, a negative amount, a decimal", () => {
    for (const number of ["+2347052223333", "+234 705 222 3333", "-5000", "-12.50", "08031234567", "12750"])
      expect(cells(number)).toBe(`"${number}"`);
  });
});
