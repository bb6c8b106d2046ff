import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.dirname(new URL(import.meta.url).pathname);
const css = fs.readFileSync(path.join(dir, "fonts.css"), "utf8");
const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body]) => ({
  family: /font-family: "([^"]+)"/.exec(body!)![1]!,
  src: /src: url\(([^)]+)\)/.exec(body!)![1]!,
  range: /unicode-range: ([^;]+);/.exec(body!)![1]!,
}));

describe("the generated web fonts (scripts/build-fonts.ts)", () => {
  it("declare latin faces for the display and the text font, with files that exist", () => {
    for (const family of ["Fraunces Variable", "Nunito Sans Variable"]) {
      const latin = faces.find((f) => f.family === family && f.range.startsWith("U+0000-00FF"));
      expect(latin, family).toBeDefined();
    }
    for (const face of faces.filter((f) => !f.src.includes("data:"))) {
      expect(fs.existsSync(path.join(dir, face.src)), face.src).toBe(true);
    }
  });

  it("give ₦ a small inlined face declared after latin-ext, so a price never fetches latin-ext", () => {
    for (const family of ["Fraunces Variable", "Nunito Sans Variable"]) {
      const own = faces.filter((f) => f.family === family);
      const naira = own.findIndex((f) => f.range === "U+20A6");
      const latinExt = own.findIndex((f) => f.src.includes("latin-ext"));
      expect(naira, family).toBeGreaterThan(latinExt);
      expect(latinExt, family).toBeGreaterThanOrEqual(0);
      expect(own[naira]!.src.startsWith('"data:font/woff2;base64,')).toBe(true);
      expect(own[naira]!.src.length).toBeLessThan(3000);
    }
  });
});
