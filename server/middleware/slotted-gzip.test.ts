import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { filled, filledGzip, slotted } from "./slotted-gzip";

const SLOT = "\u0000nonce\u0000";
const page = (n: number) =>
  Buffer.from(
    `<!doctype html><script nonce="${SLOT}">1</script>` +
      Array.from({ length: n }, (_, i) => `<p class="card">Product ${i} ₦${i * 100}</p>`).join("") +
      `<script nonce="${SLOT}">window.x=${n}</script>end`,
  );

describe("slotted gzip", () => {
  it("gives a valid gzip of the page with each slot filled, for every size, its CRC checked by gunzip", async () => {
    for (const n of [0, 1, 50, 5000]) {
      const body = await slotted(page(n), SLOT);
      for (const nonce of [
        "abc",
        "nchiw570QwB/1wrQt4T6gA==",
        "AAAAAAAAAAAAAAAAAAAAAAAA",
        "é".repeat(12),
        "x".repeat(70_000).slice(0, 65_535),
      ]) {
        const expected = page(n).toString("utf8").replaceAll(SLOT, nonce);
        expect(filled(body, nonce).toString("utf8")).toBe(expected);
        // gunzipSync checks the trailer's CRC-32 and length
        expect(zlib.gunzipSync(filledGzip(body, nonce)).toString("utf8")).toBe(expected);
      }
    }
  });

  it("a body without a slot, or only slots", async () => {
    for (const text of ["", "plain", SLOT, `${SLOT}${SLOT}`]) {
      const body = await slotted(Buffer.from(text), SLOT);
      expect(zlib.gunzipSync(filledGzip(body, "N0nce")).toString()).toBe(text.replaceAll(SLOT, "N0nce"));
    }
  });

  it("a body without a slot (a page's .data twin) with a nonce of a real nonce's length: it answers, and the gzip is valid", async () => {
    // a CSP nonce is 24 characters: the CRC shortcut for that length once looped forever when there was no slot
    for (const text of ["", '[{"_1":2},"routes/shop/product-details",{"data":3}]']) {
      const body = await slotted(Buffer.from(text), SLOT);
      expect(zlib.gunzipSync(filledGzip(body, "nchiw570QwB/1wrQt4T6gA==")).toString()).toBe(text);
    }
  });

  it("is compressed: a large page is a fraction of its size", async () => {
    const body = await slotted(page(5000), SLOT);
    expect(filledGzip(body, "x").length).toBeLessThan(page(5000).length / 4);
  });
});
