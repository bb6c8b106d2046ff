import { describe, expect, it } from "vitest";
import { formatNigerianPhone, normalizeNigerianPhone, phoneSearchDigits, readablePhone, whatsappDigits } from "./phone";

describe("Nigerian phone numbers", () => {
  it("reads the ways shoppers type one mobile number as one number", () => {
    for (const typed of [
      "08035550142",
      "0803 555 0142",
      "+234 803 555 0142",
      "2348035550142",
      "+2348035550142",
      "(0803) 555-0142",
      "+234 0803 555 0142",
      "803 555 0142",
    ])
      expect(normalizeNigerianPhone(typed), typed).toBe("+2348035550142");
  });

  it("takes other networks and Lagos fixed lines", () => {
    expect(normalizeNigerianPhone("0701 234 5678")).toBe("+2347012345678");
    expect(normalizeNigerianPhone("0905 555 1234")).toBe("+2349055551234");
    expect(normalizeNigerianPhone("01 271 0000")).toBe("+23412710000");
    expect(normalizeNigerianPhone("09 461 2345")).toBeNull();
  });

  it("refuses what is not a Nigerian number", () => {
    for (const typed of ["", "12345", "0803555014", "080355501423", "+44 20 7946 0958", "0603 555 0142", "call me", "0803555o142"])
      expect(normalizeNigerianPhone(typed), typed).toBeNull();
  });

  it("formats for people and for wa.me", () => {
    expect(formatNigerianPhone("+2348035550142")).toBe("+234 803 555 0142");
    expect(whatsappDigits("+2348035550142")).toBe("2348035550142");
  });

  it("shows any stored number readably: a Nigerian one however it was typed, anything else as it is", () => {
    for (const typed of ["+2348035550142", "08035550142", "0803 555 0142", "234-803-555-0142"])
      expect(readablePhone(typed)).toBe("+234 803 555 0142");
    expect(readablePhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(readablePhone("")).toBe("");
  });

  it("turns a search typed as a number into the digits stored numbers hold, and nothing else into any", () => {
    for (const typed of ["+234 803 555 0142", "0803 555 0142", "08035550142", "(0803) 555-0142", " 2348035550142 "])
      expect(phoneSearchDigits(typed)).toBe("8035550142");
    expect(phoneSearchDigits("0803 555")).toBe("803555");
    expect(phoneSearchDigits("+234 803")).toBe("803");
    expect(phoneSearchDigits("555-0142")).toBe("5550142");
    for (const typed of ["bisi.7hkbg@example.ng", "Ada Obi", "shipped", "0803x", "", "+", "0"]) expect(phoneSearchDigits(typed)).toBeNull();
  });
});
