import { describe, expect, it, vi } from "vitest";
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
    [99, "₦0.99"],
    [100, "₦1"],
    [105, "₦1.05"],
    [99_999_900, "₦999,999"],
    [123_456_789_05, "₦123,456,789.05"],
  ])("formats %s kobo as %s", (kobo, text) => {
    expect(formatNaira(kobo)).toBe(text);
  });

  it("formats API naira amounts the same way", () => {
    expect(formatNairaAmount(12_500)).toBe("₦12,500");
  });

  it("shows USD at the display rate with 2 decimals (docs/product.md §9)", () => {
    expect(formatUsd(1_000_000, 0.00073)).toBe("$7.30");
    expect(formatUsd(250_000_000, 0.00073)).toBe("$1,825.00");
  });

  it("writes what Intl.NumberFormat writes, without calling it (a page's first Intl call is slow)", () => {
    const intl = vi.spyOn(Intl, "NumberFormat");
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 1_234_567, 250_000_050, 9_007_199_254_740];
    // 500 more of every length from 2 to 13 digits, the same on every run (a linear congruential sequence)
    let seed = 12_345;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      amounts.push(Math.floor((seed / 2 ** 31) * 10 ** (2 + (i % 12))));
    }
    const written = amounts.map((kobo) => [formatNaira(kobo), formatNaira(-kobo), formatUsd(kobo, 0.00073), formatUsd(kobo, 1 / 1530)]);
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();

    const naira = (kobo: number) =>
      new Intl.NumberFormat(
        "en-NG",
        kobo % 100 ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 },
      ).format(kobo / 100);
    const usd = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amounts.forEach((kobo, i) => {
      expect(written[i]).toEqual([
        `₦${naira(kobo)}`,
        kobo ? `-₦${naira(kobo)}` : "₦0",
        `$${usd.format((kobo / 100) * 0.00073)}`,
        `$${usd.format((kobo / 100) * (1 / 1530))}`,
      ]);
    });
  });
});
