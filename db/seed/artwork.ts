// Locally generated product and blog artwork: soft flat illustrations drawn as
// SVG and rasterised with sharp. No downloads and no text (font rendering in
// librsvg varies between machines), so every image looks the same everywhere.
import sharp from "sharp";
import type { Motif } from "./demo-data";

export type Palette = { bg: [string, string]; main: string; accent: string; soft: string };

const BLUSH: Palette = { bg: ["#FDEDEA", "#F6D3D1"], main: "#D97782", accent: "#F0B45E", soft: "#FFF7F3" };

export const palettes: Palette[] = [
  BLUSH, // 0 blush
  { bg: ["#EEF4E7", "#D6E5CC"], main: "#7DA677", accent: "#E79A72", soft: "#F9FCF4" }, // 1 sage
  { bg: ["#F3EEFB", "#DED3F2"], main: "#9782C8", accent: "#F2A3B3", soft: "#FCF9FF" }, // 2 lavender
  { bg: ["#FFEFE3", "#FBD6BE"], main: "#E8865C", accent: "#6FAE9C", soft: "#FFF9F2" }, // 3 peach
  { bg: ["#FCF6EA", "#F2E3C6"], main: "#C9985A", accent: "#D9766A", soft: "#FFFDF7" }, // 4 cream
  { bg: ["#FAE7DC", "#EEC6AF"], main: "#C06848", accent: "#E8B24A", soft: "#FFF5ED" }, // 5 terracotta
  { bg: ["#EEF3FA", "#D5E2F2"], main: "#6A8DC2", accent: "#F2AC76", soft: "#F8FBFF" }, // 6 dusty blue
  { bg: ["#FFF8DE", "#FAE8A6"], main: "#DDAE36", accent: "#86B286", soft: "#FFFDF3" }, // 7 butter yellow
  { bg: ["#E8F6F0", "#CDEADD"], main: "#5CAB8C", accent: "#F29C8C", soft: "#F6FCF9" }, // 8 mint
  { bg: ["#F8E8F0", "#EBCBDC"], main: "#B76A93", accent: "#F2BF69", soft: "#FFF6FA" }, // 9 rose
];

// ── small helpers ──────────────────────────────────────────────────────────

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function pick<T>(rng: Rng, items: readonly T[], fallback: T): T {
  return items[Math.floor(rng() * items.length)] ?? fallback;
}

function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const n = parseInt(h.length === 3 ? h.replace(/(.)/g, "$1$1") : h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}

const INK = "#4A2E35"; // warm plum-brown used instead of black
const PAPER = "#FFFDF8";
const shade = (c: string, t: number) => mix(c, INK, t);
const tint = (c: string, t: number) => mix(c, "#FFFFFF", t);
const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** Everything one drawing needs: colours, randomness and an id prefix. */
type Ctx = {
  p: Palette;
  rng: Rng;
  id: (name: string) => string;
  leaf: string;
  ink: string;
};

// ── symbols (used on cards, journal covers, calendar) ──────────────────────

type SymbolKind = "heart" | "sun" | "leaf" | "moon" | "star" | "flower";

function heartPath(cx: number, cy: number, s: number): string {
  // s ≈ overall width
  const w = s / 2;
  return `M${f(cx)},${f(cy + w * 0.85)} C${f(cx - w * 1.25)},${f(cy + w * 0.05)} ${f(cx - w * 0.95)},${f(cy - w * 1.05)} ${f(cx)},${f(cy - w * 0.45)} C${f(cx + w * 0.95)},${f(cy - w * 1.05)} ${f(cx + w * 1.25)},${f(cy + w * 0.05)} ${f(cx)},${f(cy + w * 0.85)} Z`;
}

function starPath(cx: number, cy: number, r: number, points = 5, inner = 0.45): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rad = i % 2 === 0 ? r : r * inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    pts.push(`${f(cx + rad * Math.cos(a))},${f(cy + rad * Math.sin(a))}`);
  }
  return `M${pts.join(" L")} Z`;
}

function leafShape(cx: number, cy: number, len: number, angle: number, fill: string, vein?: string): string {
  const w = len * 0.42;
  const body = `<path d="M0,${f(len / 2)} Q${f(-w)},0 0,${f(-len / 2)} Q${f(w)},0 0,${f(len / 2)} Z" fill="${fill}"/>`;
  const v = vein
    ? `<path d="M0,${f(len / 2)} L0,${f(-len / 2.6)}" stroke="${vein}" stroke-width="${f(Math.max(2, len * 0.05))}" stroke-linecap="round" fill="none"/>`
    : "";
  return `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})">${body}${v}</g>`;
}

/** A four-pointed sparkle. */
function sparkle(cx: number, cy: number, r: number, fill: string, opacity = 1): string {
  const k = r * 0.22;
  return `<path d="M${f(cx)},${f(cy - r)} Q${f(cx + k)},${f(cy - k)} ${f(cx + r)},${f(cy)} Q${f(cx + k)},${f(cy + k)} ${f(cx)},${f(cy + r)} Q${f(cx - k)},${f(cy + k)} ${f(cx - r)},${f(cy)} Q${f(cx - k)},${f(cy - k)} ${f(cx)},${f(cy - r)} Z" fill="${fill}" opacity="${opacity}"/>`;
}

function symbol(kind: SymbolKind, cx: number, cy: number, s: number, color: string, color2: string): string {
  switch (kind) {
    case "heart":
      return `<path d="${heartPath(cx, cy + s * 0.05, s)}" fill="${color}"/>`;
    case "sun": {
      const rays: string[] = [];
      for (let i = 0; i < 8; i++) {
        const a = (Math.PI * 2 * i) / 8;
        rays.push(
          `<line x1="${f(cx + Math.cos(a) * s * 0.34)}" y1="${f(cy + Math.sin(a) * s * 0.34)}" x2="${f(cx + Math.cos(a) * s * 0.5)}" y2="${f(cy + Math.sin(a) * s * 0.5)}" stroke="${color}" stroke-width="${f(s * 0.08)}" stroke-linecap="round"/>`,
        );
      }
      return `${rays.join("")}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(s * 0.24)}" fill="${color}"/>`;
    }
    case "leaf":
      return (
        leafShape(cx - s * 0.12, cy, s * 0.85, -30, color, tint(color, 0.45)) +
        leafShape(cx + s * 0.2, cy + s * 0.12, s * 0.55, 38, color, tint(color, 0.45))
      );
    case "moon": {
      const r = s * 0.42;
      const moon = `<path d="M${f(cx + r * 0.15)},${f(cy - r)} A${f(r)},${f(r)} 0 1 0 ${f(cx + r * 0.15)},${f(cy + r)} A${f(r * 0.62)},${f(r)} 0 1 1 ${f(cx + r * 0.15)},${f(cy - r)} Z" fill="${color}"/>`;
      return moon + sparkle(cx + s * 0.3, cy - s * 0.22, s * 0.14, color2);
    }
    case "star":
      return `<path d="${starPath(cx, cy + s * 0.03, s * 0.5)}" fill="${color}" stroke="${color}" stroke-width="${f(s * 0.06)}" stroke-linejoin="round"/>`;
    case "flower": {
      const petals: string[] = [];
      for (let i = 0; i < 6; i++) {
        const a = (360 / 6) * i;
        petals.push(
          `<ellipse cx="${f(cx)}" cy="${f(cy - s * 0.24)}" rx="${f(s * 0.15)}" ry="${f(s * 0.24)}" fill="${color}" transform="rotate(${a} ${f(cx)} ${f(cy)})"/>`,
        );
      }
      return `${petals.join("")}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(s * 0.13)}" fill="${color2}"/>`;
    }
  }
}

const SYMBOLS: SymbolKind[] = ["heart", "sun", "leaf", "moon", "star", "flower"];

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const x = a[i];
    const y = a[j];
    if (x !== undefined && y !== undefined) {
      a[i] = y;
      a[j] = x;
    }
  }
  return a;
}

// Shadows are faked with gradients and stacked translucent shapes: librsvg blur
// filters cost about half a second per image.

function groundShadow(c: Ctx, cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${c.id("ground")})"/>`;
}

const SHADOW_STEPS = [0, 1, 2, 3, 4, 5];

/** A soft drop shadow for a rounded rectangle: growing layers that fall mostly downwards. */
function softRect(c: Ctx, x: number, y: number, w: number, h: number, r: number): string {
  const col = shade(c.p.bg[1], 0.5);
  return SHADOW_STEPS.map((i) => {
    const g = i * 3.5;
    return `<rect x="${f(x - g + 2 + i)}" y="${f(y - g + 5 + i * 5)}" width="${f(w + 2 * g)}" height="${f(h + 2 * g)}" rx="${f(r + g)}" fill="${col}" opacity="0.045"/>`;
  }).join("");
}

function softEllipse(c: Ctx, cx: number, cy: number, rx: number, ry: number): string {
  const col = shade(c.p.bg[1], 0.5);
  return SHADOW_STEPS.map((i) => {
    const g = i * 3.5;
    return `<ellipse cx="${f(cx + 2 + i)}" cy="${f(cy + 5 + i * 5)}" rx="${f(rx + g)}" ry="${f(ry + g)}" fill="${col}" opacity="0.045"/>`;
  }).join("");
}

function flame(c: Ctx, x: number, y: number, h: number): string {
  const w = h * 0.42;
  return (
    `<circle cx="${f(x)}" cy="${f(y - h * 0.45)}" r="${f(h * 1.25)}" fill="url(#${c.id("glow")})"/>` +
    `<path d="M${f(x)},${f(y - h)} C${f(x + w * 0.9)},${f(y - h * 0.45)} ${f(x + w)},${f(y - h * 0.05)} ${f(x)},${f(y)} C${f(x - w)},${f(y - h * 0.05)} ${f(x - w * 0.9)},${f(y - h * 0.45)} ${f(x)},${f(y - h)} Z" fill="#F7A541"/>` +
    `<path d="M${f(x)},${f(y - h * 0.55)} C${f(x + w * 0.45)},${f(y - h * 0.25)} ${f(x + w * 0.45)},${f(y - h * 0.05)} ${f(x)},${f(y - h * 0.02)} C${f(x - w * 0.45)},${f(y - h * 0.05)} ${f(x - w * 0.45)},${f(y - h * 0.25)} ${f(x)},${f(y - h * 0.55)} Z" fill="#FFE7A3"/>`
  );
}

// ── motifs (drawn in a 1200 × 1200 box) ────────────────────────────────────

function drawJournal(c: Ctx): string {
  const { p, rng } = c;
  const angle = between(rng, -9, 4);
  const cover = p.main;
  const dark = shade(cover, 0.22);
  const band = shade(p.accent, 0.12);
  const emblem = pick(rng, SYMBOLS, "heart");
  const x = 385;
  const y = 320;
  const w = 430;
  const h = 570;
  const ribbonX = x + between(rng, 110, 170);
  const withPen = rng() < 0.6;
  const pen = withPen
    ? `<g transform="translate(905 590) rotate(${f(between(rng, 8, 18))})">
        <rect x="-17" y="-250" width="34" height="420" rx="14" fill="${tint(p.accent, 0.15)}"/>
        <rect x="-17" y="-250" width="12" height="420" rx="6" fill="#FFFFFF" opacity="0.25"/>
        <rect x="-19" y="-170" width="38" height="26" rx="6" fill="${shade(p.accent, 0.2)}"/>
        <rect x="-4" y="-236" width="8" height="110" rx="4" fill="${shade(p.accent, 0.25)}"/>
        <path d="M-17,170 L17,170 L5,222 L-5,222 Z" fill="${tint(p.accent, 0.55)}"/>
        <path d="M-5,222 L5,222 L0,240 Z" fill="${INK}"/>
      </g>`
    : sparkle(905, 420, 40, "#FFFFFF", 0.9) + sparkle(955, 500, 22, p.accent, 0.8);

  // page edges on the right and bottom
  const pageLines: string[] = [];
  for (let i = 1; i <= 4; i++) {
    pageLines.push(
      `<line x1="${x + w + 3 * i - 2}" y1="${y + 22}" x2="${x + w + 3 * i - 2}" y2="${y + h - 4}" stroke="${shade(PAPER, 0.12)}" stroke-width="2"/>`,
    );
  }

  return `
  ${pen}
  <g transform="rotate(${f(angle)} 600 610)">
    ${softRect(c, x, y + 6, w + 26, h + 10, 28)}
    <rect x="${x + 10}" y="${y + 16}" width="${w + 16}" height="${h}" rx="28" fill="${dark}"/>
    <rect x="${x + 8}" y="${y + 8}" width="${w + 14}" height="${h - 2}" rx="22" fill="${PAPER}"/>
    ${pageLines.join("")}
    <path d="M${f(ribbonX)},${y + h - 20} L${f(ribbonX)},${y + h + 100} L${f(ribbonX + 17)},${y + h + 82} L${f(ribbonX + 34)},${y + h + 100} L${f(ribbonX + 34)},${y + h - 20} Z" fill="${p.accent}"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="26" fill="url(#${c.id("cover")})"/>
    <path d="M${x + 26},${y} L${x + 62},${y} L${x + 62},${y + h} L${x + 26},${y + h} A26,26 0 0 1 ${x},${y + h - 26} L${x},${y + 26} A26,26 0 0 1 ${x + 26},${y} Z" fill="${dark}"/>
    <line x1="${x + 70}" y1="${y + 10}" x2="${x + 70}" y2="${y + h - 10}" stroke="#FFFFFF" stroke-opacity="0.25" stroke-width="4"/>
    <rect x="${x + 125}" y="${y + 125}" width="230" height="250" rx="22" fill="${p.soft}"/>
    <rect x="${x + 139}" y="${y + 139}" width="202" height="222" rx="14" fill="none" stroke="${tint(cover, 0.35)}" stroke-width="4" stroke-dasharray="2 12" stroke-linecap="round"/>
    ${symbol(emblem, x + 240, y + 225, 120, cover, p.accent)}
    <rect x="${x + 180}" y="${y + 305}" width="120" height="12" rx="6" fill="${tint(cover, 0.45)}"/>
    <rect x="${x + 205}" y="${y + 330}" width="70" height="10" rx="5" fill="${tint(cover, 0.6)}"/>
    <circle cx="${x + 240}" cy="${y + 470}" r="9" fill="${tint(cover, 0.45)}"/>
    <circle cx="${x + 210}" cy="${y + 470}" r="6" fill="${tint(cover, 0.3)}"/>
    <circle cx="${x + 270}" cy="${y + 470}" r="6" fill="${tint(cover, 0.3)}"/>
    <rect x="${x + w - 78}" y="${y - 6}" width="28" height="${h + 12}" rx="8" fill="${band}"/>
    <rect x="${x + w - 78}" y="${y - 6}" width="9" height="${h + 12}" rx="4" fill="#FFFFFF" opacity="0.22"/>
  </g>`;
}

function drawCards(c: Ctx): string {
  const { p, rng } = c;
  const count = rng() < 0.5 ? 3 : 4;
  const spread = count === 3 ? 20 : 17;
  const base = between(rng, -4, 4);
  const faces = shuffled(rng, [p.soft, tint(p.accent, 0.55), tint(p.main, 0.6), PAPER, tint(p.main, 0.82)]);
  const syms = shuffled(rng, SYMBOLS);
  const pivotX = 600;
  const pivotY = 1000;
  const cards: string[] = [];
  for (let i = 0; i < count; i++) {
    const rot = base + (i - (count - 1) / 2) * spread;
    const face = faces[i % faces.length] ?? p.soft;
    const sym = syms[i % syms.length] ?? "heart";
    const front = i === count - 1;
    const symColor = i % 2 === 0 ? p.main : shade(p.accent, 0.05);
    const sym2 = i % 2 === 0 ? p.accent : p.main;
    const big = front
      ? `${symbol(sym, 0, -300, 170, symColor, sym2)}
         <rect x="-70" y="-150" width="140" height="14" rx="7" fill="${tint(p.main, 0.5)}"/>
         <rect x="-45" y="-122" width="90" height="12" rx="6" fill="${tint(p.main, 0.65)}"/>`
      : "";
    cards.push(`<g transform="rotate(${f(rot)} ${pivotX} ${pivotY})">
      <g transform="translate(${pivotX} ${pivotY})">
        ${softRect(c, -165, -546, 330, 470, 32)}
        <rect x="-165" y="-540" width="330" height="470" rx="32" fill="${face}" stroke="${shade(face, 0.08)}" stroke-width="3"/>
        <rect x="-143" y="-518" width="286" height="426" rx="20" fill="none" stroke="${tint(p.main, 0.3)}" stroke-width="5"/>
        ${symbol(sym, -92, -448, 72, symColor, sym2)}
        ${front ? symbol(sym, 92, -150, 46, tint(symColor, 0.3), sym2) : ""}
        ${big}
      </g>
    </g>`);
  }
  const tin = rng() < 0.5;
  const extra = tin
    ? sparkle(880, 330, 46, "#FFFFFF", 0.95) + sparkle(930, 410, 24, p.accent, 0.9)
    : sparkle(300, 330, 40, "#FFFFFF", 0.95) + sparkle(250, 400, 22, p.accent, 0.9);
  return `${extra}${cards.join("")}`;
}

function drawCalendar(c: Ctx): string {
  const { p, rng } = c;
  const x = 330;
  const y = 300;
  const w = 540;
  const h = 660;
  const picH = 270;
  const startCol = Math.floor(rng() * 5);
  const days = 30 + Math.floor(rng() * 2);
  const highlight = 6 + Math.floor(rng() * 20);
  const scene = rng();
  const cells: string[] = [];
  const gx = x + 42;
  const gy = y + picH + 112;
  const cw = (w - 84) / 7;
  const ch = 50;
  // weekday header dots
  for (let col = 0; col < 7; col++) {
    cells.push(
      `<rect x="${f(gx + col * cw + cw / 2 - 12)}" y="${y + picH + 78}" width="24" height="9" rx="4.5" fill="${col >= 5 ? p.accent : tint(p.main, 0.3)}"/>`,
    );
  }
  for (let d = 0; d < days; d++) {
    const idx = d + startCol;
    const col = idx % 7;
    const row = Math.floor(idx / 7);
    if (row > 4) break;
    const cx = gx + col * cw + cw / 2;
    const cy = gy + row * ch + ch / 2;
    if (d === highlight) {
      cells.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="24" fill="${p.accent}"/>`);
      cells.push(`<path d="${heartPath(cx, cy + 1, 24)}" fill="#FFFFFF"/>`);
    } else {
      const past = d < highlight;
      cells.push(
        `<rect x="${f(cx - 19)}" y="${f(cy - 17)}" width="38" height="34" rx="9" fill="${past ? tint(p.main, 0.55) : tint(p.main, 0.82)}"/>`,
      );
    }
  }
  // picture area: sun over hills, or a flower sprig
  const sky = `<rect x="${x}" y="${y}" width="${w}" height="${picH}" fill="url(#${c.id("sky")})"/>`;
  const picture =
    scene < 0.6
      ? `${sky}
      <circle cx="${x + w * 0.68}" cy="${y + 130}" r="58" fill="${p.accent}"/>
      <circle cx="${x + w * 0.68}" cy="${y + 130}" r="86" fill="${p.accent}" opacity="0.2"/>
      <path d="M${x},${y + 215} C${x + 120},${y + 150} ${x + 240},${y + 160} ${x + 330},${y + 215} C${x + 420},${y + 175} ${x + 490},${y + 180} ${x + w},${y + 200} L${x + w},${y + picH} L${x},${y + picH} Z" fill="${tint(p.main, 0.3)}"/>
      <path d="M${x},${y + 245} C${x + 150},${y + 200} ${x + 330},${y + 215} ${x + w},${y + 240} L${x + w},${y + picH} L${x},${y + picH} Z" fill="${p.main}"/>
      ${sparkle(x + 110, y + 80, 18, "#FFFFFF", 0.9)}${sparkle(x + 170, y + 125, 10, "#FFFFFF", 0.8)}`
      : `${sky}
      <circle cx="${x + w / 2}" cy="${y + 150}" r="105" fill="${p.soft}" opacity="0.7"/>
      <path d="M${x + w / 2},${y + picH} C${x + w / 2 - 10},${y + 200} ${x + w / 2 + 10},${y + 150} ${x + w / 2},${y + 110}" stroke="${c.leaf}" stroke-width="8" fill="none" stroke-linecap="round"/>
      ${leafShape(x + w / 2 - 40, y + 205, 70, -55, c.leaf)}${leafShape(x + w / 2 + 40, y + 175, 64, 55, c.leaf)}
      ${symbol("flower", x + w / 2, y + 105, 120, p.main, p.accent)}
      ${sparkle(x + 120, y + 90, 18, "#FFFFFF", 0.9)}${sparkle(x + w - 110, y + 180, 14, "#FFFFFF", 0.9)}`;
  const rings: string[] = [];
  const ringCount = 8;
  for (let i = 0; i < ringCount; i++) {
    const rx = x + 60 + (i * (w - 120)) / (ringCount - 1);
    rings.push(`<ellipse cx="${f(rx)}" cy="${y + 16}" rx="8" ry="6" fill="${shade(p.main, 0.55)}" opacity="0.7"/>`);
    rings.push(`<rect x="${f(rx - 6)}" y="${y - 22}" width="12" height="42" rx="6" fill="${shade(p.main, 0.3)}"/>`);
    rings.push(`<rect x="${f(rx - 6)}" y="${y - 22}" width="5" height="42" rx="2.5" fill="#FFFFFF" opacity="0.45"/>`);
  }
  return `
  <line x1="600" y1="190" x2="${x + 90}" y2="${y - 14}" stroke="${shade(p.bg[1], 0.45)}" stroke-width="4"/>
  <line x1="600" y1="190" x2="${x + w - 90}" y2="${y - 14}" stroke="${shade(p.bg[1], 0.45)}" stroke-width="4"/>
  <circle cx="600" cy="188" r="13" fill="${shade(p.main, 0.35)}"/>
  <circle cx="596" cy="184" r="4" fill="#FFFFFF" opacity="0.5"/>
  ${softRect(c, x, y, w, h, 24)}
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="24" fill="${PAPER}"/>
  <g clip-path="url(#${c.id("calclip")})">
    ${picture}
    <rect x="${x}" y="${y + picH}" width="${w}" height="50" fill="${p.main}"/>
    <rect x="${x + w / 2 - 70}" y="${y + picH + 19}" width="140" height="13" rx="6.5" fill="${p.soft}" opacity="0.9"/>
  </g>
  ${cells.join("")}
  ${rings.join("")}`;
}

function drawColouring(c: Ctx): string {
  const { p, rng } = c;
  const cx = 590;
  const cy = 575;
  const line = shade(p.main, 0.45);
  const sw = 5;
  const outer = 14 + 2 * Math.floor(rng() * 3); // 14..18 petals
  const colouredUpTo = Math.floor(outer * between(rng, 0.45, 0.75));
  const startAt = Math.floor(rng() * outer);
  const c1 = tint(p.main, 0.15);
  const c2 = tint(p.accent, 0.1);
  const c3 = c.leaf;
  const parts: string[] = [];
  // dotted outer ring
  for (let i = 0; i < outer * 2; i++) {
    const a = (Math.PI * 2 * i) / (outer * 2);
    parts.push(
      `<circle cx="${f(cx + Math.cos(a) * 262)}" cy="${f(cy + Math.sin(a) * 262)}" r="8" fill="${(i + startAt) % 4 === 0 ? c2 : "#FFFFFF"}" stroke="${line}" stroke-width="4"/>`,
    );
  }
  // outer petals
  for (let i = 0; i < outer; i++) {
    const a = (360 / outer) * i;
    const coloured = (i - startAt + outer) % outer < colouredUpTo;
    parts.push(
      `<path d="M${cx},${cy - 150} C${cx + 58},${cy - 175} ${cx + 42},${cy - 230} ${cx},${cy - 245} C${cx - 42},${cy - 230} ${cx - 58},${cy - 175} ${cx},${cy - 150} Z" transform="rotate(${f(a)} ${cx} ${cy})" fill="${coloured ? c1 : "#FFFFFF"}" stroke="${line}" stroke-width="${sw}" stroke-linejoin="round"/>`,
    );
    parts.push(
      `<path d="M${cx},${cy - 175} L${cx},${cy - 222}" transform="rotate(${f(a)} ${cx} ${cy})" stroke="${line}" stroke-width="4" stroke-linecap="round"/>`,
    );
  }
  parts.push(`<circle cx="${cx}" cy="${cy}" r="152" fill="#FFFFFF" stroke="${line}" stroke-width="${sw}"/>`);
  // middle ring of round petals
  const mid = outer - 4;
  for (let i = 0; i < mid; i++) {
    const a = (360 / mid) * i + 180 / mid;
    const coloured = i % 2 === 0 || rng() < 0.35;
    parts.push(
      `<ellipse cx="${cx}" cy="${cy - 108}" rx="30" ry="42" transform="rotate(${f(a)} ${cx} ${cy})" fill="${coloured ? c2 : "#FFFFFF"}" stroke="${line}" stroke-width="${sw}"/>`,
    );
  }
  parts.push(`<circle cx="${cx}" cy="${cy}" r="72" fill="#FFFFFF" stroke="${line}" stroke-width="${sw}"/>`);
  // inner leaves
  for (let i = 0; i < 8; i++) {
    const a = 45 * i;
    parts.push(
      `<path d="M${cx},${cy - 24} Q${cx + 22},${cy - 48} ${cx},${cy - 68} Q${cx - 22},${cy - 48} ${cx},${cy - 24} Z" transform="rotate(${a} ${cx} ${cy})" fill="${i % 2 === 0 ? c3 : "#FFFFFF"}" stroke="${line}" stroke-width="4"/>`,
    );
  }
  parts.push(`<circle cx="${cx}" cy="${cy}" r="24" fill="${p.accent}" stroke="${line}" stroke-width="${sw}"/>`);
  parts.push(`<circle cx="${cx}" cy="${cy}" r="8" fill="${line}"/>`);

  const pencilColours = shuffled(rng, [p.main, p.accent, c.leaf]);
  const pencils = pencilColours
    .map((col, i) => {
      const px = 760 + i * 62;
      const py = 790 + i * 28;
      const rot = -38 + i * 7;
      return `<g transform="translate(${px} ${py}) rotate(${rot})">
        <path d="M-8,-160 L32,-160 L32,140 L12,210 Z" fill="${INK}" opacity="0.1"/>
        <rect x="-20" y="-170" width="40" height="300" rx="6" fill="${col}"/>
        <rect x="-20" y="-170" width="13" height="300" fill="#FFFFFF" opacity="0.22"/>
        <rect x="7" y="-170" width="13" height="300" fill="${INK}" opacity="0.1"/>
        <path d="M-20,130 L20,130 L4,196 L-4,196 Z" fill="#F3D9B5"/>
        <path d="M-6,188 L6,188 L0,214 Z" fill="${shade(col, 0.15)}"/>
      </g>`;
    })
    .join("");

  const pageRot = between(rng, -5, 3);
  return `
  <g transform="rotate(${f(pageRot)} 600 600)">
    <g>
      ${softRect(c, 262, 212, 676, 760, 18)}
      <rect x="262" y="212" width="676" height="760" rx="18" fill="${shade(PAPER, 0.06)}" transform="rotate(3 600 600)"/>
      <rect x="262" y="212" width="676" height="760" rx="18" fill="${PAPER}"/>
    </g>
    <rect x="292" y="242" width="616" height="700" rx="10" fill="none" stroke="${tint(p.main, 0.55)}" stroke-width="4"/>
    ${parts.join("")}
    ${leafShape(330, 900, 60, -40, tint(c.leaf, 0.2))}${leafShape(870, 285, 60, 140, tint(c.leaf, 0.2))}
  </g>
  ${pencils}`;
}

function drawPackage(c: Ctx): string {
  const { p, rng } = c;
  const boxCol = p.main;
  const ribbon = p.accent;
  const ribbonDark = shade(ribbon, 0.16);
  const flip = rng() < 0.35; // candle on the left instead
  const bx = flip ? 475 : 262;
  const by = 580;
  const bw = 420;
  const bh = 340;
  const mid = bx + bw / 2;
  const lidY = by - 100;
  const dots: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 6; col++) {
      const dx = bx + 35 + col * 72 + (row % 2) * 36;
      const dy = by + 45 + row * 80;
      if (Math.abs(dx - mid) < 50 || dx > bx + bw - 20) continue;
      dots.push(`<circle cx="${dx}" cy="${dy}" r="9" fill="${p.soft}" opacity="0.35"/>`);
    }
  }
  // one bow loop, mirrored for the other side
  const loop = (d: 1 | -1) => {
    const sx = (n: number) => mid + d * n;
    return `<path d="M${sx(6)},${lidY - 4} C${sx(40)},${lidY - 150} ${sx(200)},${lidY - 190} ${sx(190)},${lidY - 95} C${sx(185)},${lidY - 40} ${sx(90)},${lidY - 10} ${sx(6)},${lidY - 4} Z" fill="${ribbon}"/>
    <path d="M${sx(20)},${lidY - 16} C${sx(55)},${lidY - 105} ${sx(150)},${lidY - 130} ${sx(150)},${lidY - 88} C${sx(148)},${lidY - 55} ${sx(85)},${lidY - 30} ${sx(20)},${lidY - 16} Z" fill="${ribbonDark}" opacity="0.55"/>`;
  };
  const tail = (d: 1 | -1) => {
    const sx = (n: number) => mid + d * n;
    return `<path d="M${sx(4)},${lidY - 6} L${sx(82)},${lidY + 92} L${sx(50)},${lidY + 80} L${sx(36)},${lidY + 112} L${sx(-14)},${lidY + 4} Z" fill="${ribbonDark}"/>`;
  };
  const box = `
  ${softRect(c, bx - 22, lidY, bw + 44, bh + 100, 16)}
  <rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="14" fill="${boxCol}"/>
  <rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="14" fill="url(#${c.id("boxshade")})"/>
  ${dots.join("")}
  <rect x="${mid - 30}" y="${by}" width="60" height="${bh}" fill="${ribbon}"/>
  <rect x="${mid - 30}" y="${by}" width="14" height="${bh}" fill="#FFFFFF" opacity="0.2"/>
  <rect x="${bx - 22}" y="${lidY}" width="${bw + 44}" height="112" rx="16" fill="${shade(boxCol, 0.08)}"/>
  <rect x="${bx - 22}" y="${lidY}" width="${bw + 44}" height="30" rx="14" fill="#FFFFFF" opacity="0.12"/>
  <rect x="${bx - 22}" y="${by - 8}" width="${bw + 44}" height="20" fill="${INK}" opacity="0.1"/>
  <rect x="${mid - 32}" y="${lidY}" width="64" height="112" fill="${shade(ribbon, 0.06)}"/>
  ${tail(-1)}${tail(1)}
  ${loop(-1)}${loop(1)}
  <rect x="${mid - 34}" y="${lidY - 36}" width="68" height="62" rx="22" fill="${shade(ribbon, 0.08)}"/>
  <rect x="${mid - 22}" y="${lidY - 28}" width="22" height="14" rx="7" fill="#FFFFFF" opacity="0.3"/>`;

  // candle in a glass jar with a wooden lid resting beside it
  const jx = flip ? 300 : 815;
  const jw = 180;
  const jTop = 680;
  const jBot = 940;
  const glass = tint(p.bg[0], 0.45);
  const label = tint(p.main, 0.62);
  const glassLine = shade(p.bg[1], 0.18);
  const l = jx - jw / 2;
  const rr = jx + jw / 2;
  const jarPath = `M${l},${jTop} L${l},${jBot - 32} Q${l},${jBot} ${l + 32},${jBot} L${rr - 32},${jBot} Q${rr},${jBot} ${rr},${jBot - 32} L${rr},${jTop} Z`;
  const candle = `
  ${softRect(c, jx - jw / 2, jTop, jw, jBot - jTop, 30)}
  <path d="${jarPath}" fill="${glass}"/>
  <rect x="${jx - jw / 2 + 12}" y="${jTop + 55}" width="${jw - 24}" height="${jBot - jTop - 67}" rx="20" fill="${p.soft}"/>
  <ellipse cx="${jx}" cy="${jTop + 55}" rx="${jw / 2 - 12}" ry="13" fill="${shade(p.soft, 0.07)}"/>
  <rect x="${jx - jw / 2}" y="${jTop + 112}" width="${jw}" height="92" fill="${label}"/>
  ${symbol(pick(rng, ["leaf", "flower", "sun"] as const, "leaf"), jx, jTop + 158, 64, p.main, p.accent)}
  <rect x="${jx - jw / 2 + 16}" y="${jTop + 26}" width="16" height="${jBot - jTop - 54}" rx="8" fill="#FFFFFF" opacity="0.55"/>
  <path d="${jarPath}" fill="none" stroke="${glassLine}" stroke-width="5" stroke-linejoin="round"/>
  <ellipse cx="${jx}" cy="${jTop}" rx="${jw / 2}" ry="13" fill="${tint(glass, 0.4)}" fill-opacity="0.6" stroke="${glassLine}" stroke-width="5"/>
  <line x1="${jx}" y1="${jTop + 55}" x2="${jx}" y2="${jTop + 32}" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>
  ${flame(c, jx, jTop + 34, 72)}`;

  // a round tin of shea butter in front
  const tx = flip ? 440 : 705;
  const ty = 900;
  const tinCol = shade(p.soft, 0.05);
  const lid = tint(p.accent, 0.2);
  const tin = `
  <path d="M${tx - 78},${ty} L${tx - 78},${ty + 44} A78,20 0 0 0 ${tx + 78},${ty + 44} L${tx + 78},${ty} Z" fill="${tinCol}"/>
  <path d="M${tx - 82},${ty - 16} L${tx - 82},${ty + 8} A82,21 0 0 0 ${tx + 82},${ty + 8} L${tx + 82},${ty - 16} Z" fill="${shade(lid, 0.1)}"/>
  <ellipse cx="${tx}" cy="${ty - 16}" rx="82" ry="21" fill="${lid}"/>
  ${symbol("heart", tx, ty - 17, 34, tint(lid, 0.5), lid)}`;

  return `${box}${candle}${tin}`;
}

function drawStress(c: Ctx): string {
  const { p, rng } = c;
  const flip = rng() < 0.4;
  const ballX = flip ? 720 : 470;
  const ballY = 745;
  const r = 185;
  const candleX = flip ? 360 : 800;
  const cTop = 470;
  const cBot = 920;
  const cw = 170;
  // a green ball would disappear against the leaves, so skip greenish palette colours
  const [lr, lg, lb] = hexToRgb(c.leaf);
  const awayFromLeaf = [p.main, p.accent].filter((col) => {
    const [r1, g1, b1] = hexToRgb(col);
    return Math.hypot(r1 - lr, g1 - lg, b1 - lb) >= 70;
  });
  const ballCol = pick(rng, awayFromLeaf, p.main);

  // eucalyptus sprig behind
  const sprigX = flip ? 930 : 250;
  const dir = flip ? 1 : -1;
  const leaves: string[] = [];
  for (let i = 0; i < 6; i++) {
    const t = i / 5;
    const lx = sprigX + dir * 40 * Math.sin(t * 2.4);
    const ly = 880 - t * 470;
    const size = 95 - i * 7;
    leaves.push(leafShape(lx - 38, ly, size, -58, i % 2 ? c.leaf : tint(c.leaf, 0.15), shade(c.leaf, 0.2)));
    leaves.push(leafShape(lx + 38, ly - 26, size, 58, i % 2 ? tint(c.leaf, 0.15) : c.leaf, shade(c.leaf, 0.2)));
  }
  const sprig = `<path d="M${sprigX},900 C${sprigX + dir * 40},760 ${sprigX + dir * 45},560 ${sprigX + dir * 10},390" stroke="${shade(c.leaf, 0.15)}" stroke-width="9" fill="none" stroke-linecap="round"/>${leaves.join("")}`;

  const dripX = candleX - cw / 2 + between(rng, 24, 50);
  const drips = `<rect x="${f(dripX)}" y="${cTop + 4}" width="20" height="${f(between(rng, 48, 70))}" rx="10" fill="${p.soft}"/>
  <rect x="${f(dripX + 44)}" y="${cTop + 4}" width="16" height="${f(between(rng, 26, 40))}" rx="8" fill="${p.soft}"/>`;
  const candle = `
  ${softRect(c, candleX - cw / 2, cTop, cw, cBot - cTop, 20)}
  <rect x="${candleX - cw / 2}" y="${cTop}" width="${cw}" height="${cBot - cTop}" rx="20" fill="url(#${c.id("wax")})"/>
  ${drips}
  <ellipse cx="${candleX}" cy="${cTop + 12}" rx="${cw / 2 - 4}" ry="16" fill="${p.soft}"/>
  <ellipse cx="${candleX}" cy="${cTop + 14}" rx="${cw / 2 - 26}" ry="9" fill="${shade(p.soft, 0.06)}"/>
  <rect x="${candleX - cw / 2}" y="${cTop + 230}" width="${cw}" height="70" fill="${tint(p.main, 0.45)}"/>
  ${symbol("leaf", candleX, cTop + 265, 50, p.soft, tint(p.main, 0.45))}
  <line x1="${candleX}" y1="${cTop + 12}" x2="${candleX}" y2="${cTop - 14}" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>
  ${flame(c, candleX, cTop - 10, 80)}`;

  // a cheerful squishy ball with a calm, closed-eyed face
  const face = `
    <path d="M${ballX - 72},${ballY - 10} q22,22 44,0" stroke="${shade(ballCol, 0.55)}" stroke-width="9" fill="none" stroke-linecap="round"/>
    <path d="M${ballX + 28},${ballY - 10} q22,22 44,0" stroke="${shade(ballCol, 0.55)}" stroke-width="9" fill="none" stroke-linecap="round"/>
    <path d="M${ballX - 26},${ballY + 38} q26,24 52,0" stroke="${shade(ballCol, 0.55)}" stroke-width="9" fill="none" stroke-linecap="round"/>
    <ellipse cx="${ballX - 95}" cy="${ballY + 34}" rx="24" ry="14" fill="${tint(p.accent === ballCol ? p.main : p.accent, 0.35)}" opacity="0.75"/>
    <ellipse cx="${ballX + 95}" cy="${ballY + 34}" rx="24" ry="14" fill="${tint(p.accent === ballCol ? p.main : p.accent, 0.35)}" opacity="0.75"/>`;
  const ball = `
  <defs>
    <radialGradient id="${c.id("ball")}" cx="0.38" cy="0.32" r="0.75">
      <stop offset="0" stop-color="${tint(ballCol, 0.45)}"/>
      <stop offset="0.55" stop-color="${tint(ballCol, 0.1)}"/>
      <stop offset="1" stop-color="${shade(ballCol, 0.12)}"/>
    </radialGradient>
  </defs>
  ${softEllipse(c, ballX, ballY, r + 6, r - 6)}
  <ellipse cx="${ballX}" cy="${ballY}" rx="${r + 6}" ry="${r - 6}" fill="url(#${c.id("ball")})"/>
  <ellipse cx="${ballX - 70}" cy="${ballY - 95}" rx="55" ry="32" fill="#FFFFFF" opacity="0.35" transform="rotate(-28 ${ballX - 70} ${ballY - 95})"/>
  <circle cx="${ballX - 118}" cy="${ballY - 52}" r="12" fill="#FFFFFF" opacity="0.4"/>
  ${face}`;

  // two smooth pebbles
  const px = flip ? 500 : 640;
  const pebbles = `
  <ellipse cx="${px}" cy="918" rx="62" ry="26" fill="${mix(p.bg[1], "#B8A9A0", 0.55)}"/>
  <ellipse cx="${px + 8}" cy="884" rx="42" ry="20" fill="${mix(p.bg[0], "#CFC2BA", 0.6)}"/>
  <ellipse cx="${px - 4}" cy="877" rx="16" ry="6" fill="#FFFFFF" opacity="0.4"/>`;

  return `${sprig}${candle}${ball}${pebbles}`;
}

/** Soft floor shadow under each drawing: cx, cy, rx, ry (none for the wall calendar). */
const GROUND: Record<Motif, [number, number, number, number] | null> = {
  journal: [620, 935, 300, 40],
  cards: [600, 955, 330, 40],
  calendar: null,
  colouring: [610, 1000, 330, 36],
  package: [590, 950, 420, 40],
  stress: [600, 945, 390, 40],
};

/** Vertical nudge so each drawing sits in the middle of the frame. */
const LIFT: Record<Motif, number> = { journal: 0, cards: -10, calendar: 0, colouring: 0, package: -30, stress: -40 };

const DRAW: Record<Motif, (c: Ctx) => string> = {
  journal: drawJournal,
  cards: drawCards,
  calendar: drawCalendar,
  colouring: drawColouring,
  package: drawPackage,
  stress: drawStress,
};

// ── background decoration ──────────────────────────────────────────────────

function decorations(c: Ctx, vw: number, vh: number, ox: number, oy: number): string {
  const { p, rng } = c;
  const out: string[] = [];
  // large soft circles
  const blobs = 3 + Math.floor(rng() * 2);
  for (let i = 0; i < blobs; i++) {
    const col = i === 0 ? p.main : i === 1 ? tint(p.main, 0.5) : "#FFFFFF";
    const op = i === 0 ? 0.08 : i === 1 ? 0.14 : 0.4;
    out.push(
      `<circle cx="${f(between(rng, 0, vw))}" cy="${f(between(rng, 0, vh))}" r="${f(between(rng, 140, 320))}" fill="${col}" opacity="${op}"/>`,
    );
  }
  // stage circle behind the illustration
  out.push(`<circle cx="${ox + 600}" cy="${oy + 600}" r="480" fill="${p.soft}" opacity="0.55"/>`);
  out.push(
    `<circle cx="${ox + 600}" cy="${oy + 600}" r="545" fill="none" stroke="#FFFFFF" stroke-opacity="0.5" stroke-width="3" stroke-dasharray="2 16" stroke-linecap="round"/>`,
  );

  // small leaves, sparkles and dots near the edges (kept off the centre)
  const spots: [number, number][] = [];
  const place = (): [number, number] | null => {
    for (let tries = 0; tries < 30; tries++) {
      const x = between(rng, 50, vw - 50);
      const y = between(rng, 50, vh - 50);
      const dx = x - (ox + 600);
      const dy = y - (oy + 600);
      if (Math.sqrt(dx * dx + dy * dy) < 515) continue;
      if (spots.some(([sx, sy]) => Math.hypot(sx - x, sy - y) < 110)) continue;
      spots.push([x, y]);
      return [x, y];
    }
    return null;
  };
  const sparkles = 3 + Math.floor(rng() * 3);
  for (let i = 0; i < sparkles; i++) {
    const s = place();
    if (s) out.push(sparkle(s[0], s[1], between(rng, 16, 34), i % 2 ? "#FFFFFF" : p.accent, i % 2 ? 0.95 : 0.7));
  }
  const leafCount = 2 + Math.floor(rng() * 3);
  for (let i = 0; i < leafCount; i++) {
    const s = place();
    if (s) out.push(leafShape(s[0], s[1], between(rng, 50, 85), between(rng, -70, 70), tint(c.leaf, 0.25), tint(c.leaf, 0.55)));
  }
  const dots = 4 + Math.floor(rng() * 4);
  for (let i = 0; i < dots; i++) {
    const s = place();
    if (s)
      out.push(
        `<circle cx="${f(s[0])}" cy="${f(s[1])}" r="${f(between(rng, 6, 12))}" fill="${i % 2 ? p.main : "#FFFFFF"}" opacity="${i % 2 ? 0.3 : 0.8}"/>`,
      );
  }
  return out.join("");
}

/** The drawings are sketched in 1200 units with generous margins; enlarge them a little. */
const SCALE = 1.08;

// ── public API ─────────────────────────────────────────────────────────────

/**
 * An SVG illustration for a motif. The drawing keeps its proportions and is
 * centred; wide or tall canvases get more background and decoration.
 */
export function artworkSvg(motif: Motif, palette: number, seed: number, width = 1200, height = 1200): string {
  const count = palettes.length;
  const p = palettes[((Math.trunc(palette) % count) + count) % count] ?? BLUSH;
  const rng = mulberry32(hashString(`${motif}:${palette}:${seed}`));
  const prefix = `a${(hashString(`${motif}-${palette}-${seed}-${width}x${height}`) % 1_000_000).toString(36)}`;
  const c: Ctx = {
    p,
    rng,
    id: (name) => `${prefix}-${name}`,
    leaf: mix("#7FAE84", p.main, 0.12),
    ink: INK,
  };
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  // virtual canvas: the short side is 1200 units; the 1200 box sits in the middle
  const k = 1200 / Math.min(w, h);
  const vw = w * k;
  const vh = h * k;
  const ox = (vw - 1200) / 2;
  const oy = (vh - 1200) / 2;

  const decoration = decorations(c, vw, vh, ox, oy);
  const ground = GROUND[motif];
  const drawing = `<g transform="translate(0 ${LIFT[motif]})">${ground ? groundShadow(c, ...ground) : ""}${DRAW[motif](c)}</g>`;
  const id = c.id;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${f(vw)} ${f(vh)}">
<defs>
  <linearGradient id="${id("bg")}" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${p.bg[0]}"/>
    <stop offset="1" stop-color="${p.bg[1]}"/>
  </linearGradient>
  <linearGradient id="${id("cover")}" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${tint(p.main, 0.1)}"/>
    <stop offset="1" stop-color="${shade(p.main, 0.08)}"/>
  </linearGradient>
  <linearGradient id="${id("sky")}" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${tint(p.accent, 0.68)}"/>
    <stop offset="0.55" stop-color="${p.soft}"/>
    <stop offset="1" stop-color="${tint(p.main, 0.72)}"/>
  </linearGradient>
  <linearGradient id="${id("boxshade")}" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.12"/>
    <stop offset="0.6" stop-color="#FFFFFF" stop-opacity="0"/>
    <stop offset="1" stop-color="${INK}" stop-opacity="0.12"/>
  </linearGradient>
  <linearGradient id="${id("wax")}" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${p.soft}"/>
    <stop offset="0.7" stop-color="${shade(p.soft, 0.04)}"/>
    <stop offset="1" stop-color="${shade(p.soft, 0.12)}"/>
  </linearGradient>
  <radialGradient id="${id("glow")}" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#FFE3A0" stop-opacity="0.75"/>
    <stop offset="1" stop-color="#FFE3A0" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="${id("ground")}" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="${shade(p.bg[1], 0.5)}" stop-opacity="0.3"/>
    <stop offset="0.6" stop-color="${shade(p.bg[1], 0.5)}" stop-opacity="0.14"/>
    <stop offset="1" stop-color="${shade(p.bg[1], 0.5)}" stop-opacity="0"/>
  </radialGradient>
  <clipPath id="${id("calclip")}">
    <rect x="330" y="300" width="540" height="660" rx="24"/>
  </clipPath>
</defs>
<rect width="${f(vw)}" height="${f(vh)}" fill="url(#${id("bg")})"/>
${decoration}
<g transform="translate(${f(ox + 600 - 600 * SCALE)} ${f(oy + 600 - 600 * SCALE)}) scale(${SCALE})">${drawing}</g>
</svg>`;
}

/** Renders the artwork to a PNG buffer. */
export async function renderArtwork(motif: Motif, palette: number, seed: number, width = 1200, height = 1200): Promise<Buffer> {
  const svg = artworkSvg(motif, palette, seed, width, height);
  return sharp(Buffer.from(svg)).png().toBuffer();
}
