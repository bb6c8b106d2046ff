import { describe, expect, it } from "vitest";
import { rejectNulText } from "./nul-text";

describe("rejectNulText", () => {
  it("lets ordinary text, numbers and nesting through", () => {
    expect(() => rejectNulText({ comment: "Lovely paper", rating: 4, lines: [{ productId: "a" }] })).not.toThrow();
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
});
