// `npm run fonts`: makes the shop's web fonts (app/fonts/) from the @fontsource-variable
// packages. Why not import their CSS: a price's ₦ (U+20A6) sits in the latin-ext file, so
// every page with a price fetched a second 28 KB Nunito file for one glyph, and the fonts
// spanned weights 200–1000 where the shop uses 400–700. Lighthouse mobile counted those
// bytes before the first paint. Here each subset keeps its
// unicode range, the weight axis is cut to 400–700 (Nunito latin 31 → 20 KB), cyrillic is
// dropped, and ₦ gets a ~1 KB face of its own, inlined in the CSS. The output is committed;
// run this again after upgrading a font package.
//
// Each web font also gets fallback faces: a phone's own font (Noto Serif and Roboto on Android,
// Georgia and Arial elsewhere, their Liberation twins on Linux) scaled to the web font's width and
// line height with `size-adjust` and the ascent, descent and line-gap overrides, from the metrics
// in @capsizecss/metrics. The page's first paint, before the web fonts arrive on mobile data, then
// wraps its lines as the web font will, and the swap moves nothing below it.
import fs from "node:fs";
import path from "node:path";
import { entireMetricsCollection as metrics } from "@capsizecss/metrics/entireMetricsCollection";
import subsetFont from "subset-font";

const OUT = "app/fonts";
const WEIGHTS = { min: 400, max: 700 };
const NAIRA = 0x20a6;
type FontMetrics = { ascent: number; descent: number; lineGap: number; unitsPerEm: number; xWidthAvg: number };
type Fallback = { name: string; metrics: FontMetrics; local: string[] };
const families: { pkg: string; name: string; slug: string; metrics: FontMetrics; fallbacks: Fallback[] }[] = [
  {
    pkg: "@fontsource-variable/fraunces",
    name: "Fraunces Variable",
    slug: "fraunces",
    metrics: metrics.fraunces,
    fallbacks: [
      { name: "Fraunces Georgia", metrics: metrics.georgia, local: ["Georgia"] },
      { name: "Fraunces Noto Serif", metrics: metrics.notoSerif, local: ["Noto Serif", "NotoSerif-Regular"] },
      { name: "Fraunces Times", metrics: metrics.timesNewRoman, local: ["Times New Roman", "TimesNewRomanPSMT", "Liberation Serif"] },
    ],
  },
  {
    pkg: "@fontsource-variable/nunito-sans",
    name: "Nunito Sans Variable",
    slug: "nunito-sans",
    metrics: metrics.nunitoSans,
    fallbacks: [
      { name: "Nunito Sans Roboto", metrics: metrics.roboto, local: ["Roboto", "Roboto-Regular"] },
      { name: "Nunito Sans Arial", metrics: metrics.arial, local: ["Arial", "ArialMT", "Liberation Sans"] },
    ],
  },
];
// latin-ext and vietnamese hold the letters of Yoruba, Igbo and Hausa names (ẹ, ọ, ṣ, ƙ, ɗ)
const SUBSETS = ["vietnamese", "latin-ext", "latin"];

type Face = { subset: string; file: string; range: string };

function facesOf(pkg: string): Face[] {
  const css = fs.readFileSync(path.join("node_modules", pkg, "wght.css"), "utf8");
  return [...css.matchAll(/src: url\(\.\/files\/([^)]+)\)[^;]*;\s*unicode-range: ([^;]+);/g)].map(([, file, range]) => ({
    subset: file!.replace(/^.*?-(vietnamese|latin-ext|latin|cyrillic-ext|cyrillic|greek-ext|greek)-wght-normal\.woff2$/, "$1"),
    file: file!,
    range: range!,
  }));
}

/** The characters of a CSS unicode-range, as a string for the subsetter. */
function charsOf(range: string): string {
  let chars = "";
  for (const part of range.split(",")) {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    const start = parseInt(from!, 16);
    const end = to ? parseInt(to, 16) : start;
    for (let c = start; c <= end; c++) chars += String.fromCodePoint(c);
  }
  return chars;
}

function fontFace(family: string, src: string, range: string): string {
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    "  font-style: normal;",
    "  font-display: swap;",
    `  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};`,
    `  src: url(${src}) format("woff2");`,
    `  unicode-range: ${range};`,
    "}",
  ].join("\n");
}

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

/** A local font scaled to the web font: the same average width and the same line box. */
function fallbackFace(web: FontMetrics, fallback: Fallback): string {
  const sizeAdjust = web.xWidthAvg / web.unitsPerEm / (fallback.metrics.xWidthAvg / fallback.metrics.unitsPerEm);
  return [
    "@font-face {",
    `  font-family: "${fallback.name}";`,
    `  src: ${fallback.local.map((name) => `local("${name}")`).join(", ")};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${percent(web.ascent / web.unitsPerEm / sizeAdjust)};`,
    `  descent-override: ${percent(Math.abs(web.descent) / web.unitsPerEm / sizeAdjust)};`,
    `  line-gap-override: ${percent(web.lineGap / web.unitsPerEm / sizeAdjust)};`,
    "}",
  ].join("\n");
}

fs.mkdirSync(OUT, { recursive: true });
const rules: string[] = [];
for (const family of families) {
  const faces = facesOf(family.pkg);
  for (const subset of SUBSETS) {
    const face = faces.find((f) => f.subset === subset);
    if (!face) continue;
    const source = fs.readFileSync(path.join("node_modules", family.pkg, "files", face.file));
    const font = await subsetFont(source, charsOf(face.range), { targetFormat: "woff2", variationAxes: { wght: WEIGHTS } });
    const file = `${family.slug}-${subset}.woff2`;
    fs.writeFileSync(path.join(OUT, file), font);
    rules.push(fontFace(family.name, `./${file}`, face.range));
    console.log(`${file}: ${source.length} → ${font.length} bytes`);
  }
  // Declared last, so checked first for ₦: the browser never fetches latin-ext for a price.
  const ext = faces.find((f) => f.subset === "latin-ext");
  if (ext && charsOf(ext.range).includes(String.fromCodePoint(NAIRA))) {
    const source = fs.readFileSync(path.join("node_modules", family.pkg, "files", ext.file));
    const font = await subsetFont(source, String.fromCodePoint(NAIRA), { targetFormat: "woff2", variationAxes: { wght: WEIGHTS } });
    rules.push(fontFace(family.name, `"data:font/woff2;base64,${font.toString("base64")}"`, "U+20A6"));
    console.log(`${family.slug} ₦: ${font.length} bytes, inlined`);
  }
  for (const fallback of family.fallbacks) rules.push(fallbackFace(family.metrics, fallback));
}

const header = "/* Generated by scripts/build-fonts.ts from the @fontsource-variable packages (SIL Open Font License 1.1). */\n";
fs.writeFileSync(path.join(OUT, "fonts.css"), header + rules.join("\n\n") + "\n");
