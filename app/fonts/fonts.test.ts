import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.dirname(new URL(import.meta.url).pathname);
const css = fs.readFileSync(path.join(dir, "fonts.css"), "utf8");
// the web fonts' own faces (the scaled local ones are checked below)
const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)]
  .filter(([, body]) => body!.includes("url("))
  .map(([, body]) => ({
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

  it("scale a local font to each web font, named right after it in the page's font stacks", () => {
    const appCss = fs.readFileSync(path.join(dir, "..", "app.css"), "utf8");
    const fallbacks = [...css.matchAll(/@font-face \{([^}]*)\}/g)]
      .map(([, body]) => body!)
      .filter((body) => body.includes("local("))
      .map((body) => ({ family: /font-family: "([^"]+)"/.exec(body)![1]!, body }));
    for (const [web, variable] of [
      ["Fraunces Variable", "--font-display"],
      ["Nunito Sans Variable", "--font-sans"],
    ] as const) {
      const stack = new RegExp(`${variable}: ([^;]+);`)
        .exec(appCss)![1]!
        .split(",")
        .map((f) => f.trim().replace(/"/g, ""));
      const own = fallbacks.filter((f) => f.family.startsWith(web.replace(" Variable", " ")));
      expect(own.length, web).toBeGreaterThanOrEqual(2);
      // the web font first, then its scaled stand-ins, before any unscaled system font
      expect(stack.slice(0, own.length + 1)).toEqual([web, ...own.map((f) => f.family)]);
      for (const { body } of own) {
        const size = Number(/size-adjust: ([\d.]+)%;/.exec(body)![1]);
        expect(size).toBeGreaterThan(80);
        expect(size).toBeLessThan(125);
        for (const override of ["ascent-override", "descent-override", "line-gap-override"])
          expect(body).toMatch(new RegExp(`${override}: [\\d.]+%;`));
      }
    }
  });
});
