import { describe, expect, it } from "vitest";
import { refundRoom, splitRefund, type MoneySource } from "./refund-split";

// A ₦20,000 order: ₦5,000 recorded by the shop (a transfer deposit), ₦10,000 paid online last
// (T2), ₦5,000 chipped in online by Chioma (T1), in the order a refund takes from them.
const ways: MoneySource[] = [
  { transaction: null, kobo: 500_000, payer: null },
  { transaction: "T2", kobo: 1_000_000, payer: null },
  { transaction: "T1", kobo: 500_000, payer: "Chioma" },
];
const none = new Map<string | null, number>();

describe("splitRefund", () => {
  it("takes from each way in order, never more than it took", () => {
    expect(splitRefund(ways, none, 300_000)).toEqual([{ transaction: null, kobo: 300_000, payer: null }]);
    expect(splitRefund(ways, none, 2_000_000)).toEqual(ways);
    expect(splitRefund(ways, none, 1_200_000)).toEqual([
      { transaction: null, kobo: 500_000, payer: null },
      { transaction: "T2", kobo: 700_000, payer: null },
    ]);
  });

  it("leaves out what each way already gave back", () => {
    const refunded = new Map<string | null, number>([
      [null, 500_000],
      ["T2", 400_000],
    ]);
    expect(refundRoom(ways, refunded)).toBe(1_100_000);
    expect(splitRefund(ways, refunded, 1_000_000)).toEqual([
      { transaction: "T2", kobo: 600_000, payer: null },
      { transaction: "T1", kobo: 400_000, payer: "Chioma" },
    ]);
  });

  it("is null when the ways cannot give that much", () => {
    expect(splitRefund(ways, none, 2_000_001)).toBeNull();
    expect(splitRefund(ways, new Map([["T1", 1]]), 2_000_000)).toBeNull();
    expect(refundRoom([], none)).toBe(0);
  });
});
