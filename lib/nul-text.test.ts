import { describe, expect, it } from "vitest";
import { MAX_NESTING, rejectNulText } from "./nul-text";

/** an array nested `depth` levels: [[[...]]] */
const nested = (depth: number, leaf: unknown = "calm") => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe("rejectNulText", () => {
  it("lets ordinary text, numbers and nesting through", () => {
    expect(() => rejectNulText({ comment: "Lovely paper", rating: 4, lines: [{ productId: "a" }] })).not.toThrow();
    expect(() => rejectNulText(nested(MAX_NESTING))).not.toThrow();
  });

  it("names the field holding a NUL character, however deep", () => {
    expect(() => rejectNulText({ comment: "Lovely\u0000paper" })).toThrow(expect.objectContaining({ kind: "invalid" }));
    try {
      rejectNulText({ lines: [{ productId: "ok" }, { productId: "x\u0000" }] });
      expect.unreachable();
    } catch (e) {
      expect((e as { fields: Record<string, string> }).fields).toHaveProperty(["lines.1.productId"]);
    }
  });

  it("refuses a lone surrogate (PostgreSQL's jsonb cannot hold one) but not a whole emoji", () => {
    for (const text of ["\ud800", "a\udfffb", "\udfff\ud800", "🙂\ud83d"])
      expect(() => rejectNulText({ shopName: text })).toThrow(
        expect.objectContaining({ kind: "invalid", fields: { shopName: expect.any(String) } }),
      );
    expect(() => rejectNulText({ shopName: "Alafia 🙂🌸" })).not.toThrow();
  });

  it("refuses a NUL character in a field's name too", () => {
    expect(() => rejectNulText({ "title\u0000": "Journal" })).toThrow(expect.objectContaining({ kind: "invalid" }));
  });

  it("answers a body nested thousands of levels deep with a 400, not a stack overflow", () => {
    for (const body of [
      nested(100_000),
      JSON.parse("[".repeat(50_000) + "]".repeat(50_000)),
      JSON.parse('{"a":'.repeat(20_000) + "1" + "}".repeat(20_000)),
    ])
      expect(() => rejectNulText(body)).toThrow(
        expect.objectContaining({ kind: "invalid", message: expect.stringMatching(/nested too deeply/) }),
      );
    expect(() => rejectNulText(nested(MAX_NESTING + 1))).toThrow(expect.objectContaining({ kind: "invalid" }));
  });
});
