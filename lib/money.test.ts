import { describe, expect, it } from "vitest";
import { formatNaira, formatNairaAmount, formatUsd, koboToNaira, nairaToKobo } from "./money";

describe("money", () => {
  it.each([
    [12_500, 1_250_000],
    [0.01, 1],
    [19.999, 2000],
    [4500.5, 450_050],
  ])("₦%s is %s kobo", (naira, kobo) => {
    expect(nairaToKobo(naira)).toBe(kobo);
    expect(Number.isInteger(nairaToKobo(naira))).toBe(true);
  });

  it("converts back to naira", () => {
    expect(koboToNaira(1_250_050)).toBe(12_500.5);
  });

  it.each([
    [1_250_000, "₦12,500"],
    [1_250_050, "₦12,500.50"],
    [0, "₦0"],
    [-50_000, "-₦500"],
  ])("formats %s kobo as %s", (kobo, text) => {
    expect(formatNaira(kobo)).toBe(text);
  });

  it("formats API naira amounts the same way", () => {
    expect(formatNairaAmount(12_500)).toBe("₦12,500");
  });

  it("shows USD at the display rate with 2 decimals (docs/product.md §9)", () => {
    expect(formatUsd(1_000_000, 0.00073)).toBe("$7.30");
  });
});
