import { describe, expect, it } from "vitest";
import { nameProblem } from "./schemas";

describe("nameProblem", () => {
  it("takes names in any script, with accents, hyphens, apostrophes, initials", () => {
    for (const name of [
      "Ọláolúwa",
      "O'Brien",
      "Anne-Marie",
      "J. R.",
      "J.R.R.",
      "Nwachukwu Okafor",
      "Zoë",
      "Chiamaka’s",
      "Mary-Jane O'Neil",
      "Ṣadé",
    ])
      expect(nameProblem("First name", name), name).toBeNull();
  });

  it("refuses line breaks, control and direction characters, markup, digits and web addresses", () => {
    for (const name of [
      "Ada\nObi",
      "Ada\r\nBcc: x",
      "Ada\tObi",
      "Ada\u0000",
      "Ada\u202eObi",
      "Ada\u2028Obi",
      "Ada <b>",
      "Ada2",
      "Ada  !",
      "-Ada",
    ])
      expect(nameProblem("First name", name), JSON.stringify(name)).toMatch(/must be one line/);
    for (const name of ["Visit https://evil.example", "evil.example", "www.evil", "claim at evil.com", "WWW.EVIL.NG"])
      expect(nameProblem("First name", name), name).toBe("First name cannot contain a web address");
  });
});

describe("personName", () => {
  it("answers at once for a long hostile value (no regex scan of it)", async () => {
    const { personName } = await import("./schemas");
    const started = performance.now();
    expect(personName("First name").safeParse("a".repeat(500_000) + ".!").success).toBe(false);
    expect(personName("First name").safeParse("a.".repeat(30) + "!").success).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
