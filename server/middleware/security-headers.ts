import crypto from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";

export type SecurityOptions = { production: boolean; dev?: boolean; imageOrigins?: string[]; paystackPopup?: boolean };

// PAYSTACK_MODE=popup only: Paystack's inline script (js.paystack.co), the API it
// calls from our page (api.paystack.co) and its checkout frame (checkout.paystack.com).
// Paystack's InlineJS docs name no CSP; these three origins are those the script
// and the frame are served from and call (an assumption to recheck on a live key).
const PAYSTACK_SCRIPT = "https://js.paystack.co";
const PAYSTACK_API = "https://api.paystack.co";
const PAYSTACK_FRAMES = "https://checkout.paystack.com";
const STATIC = /^(text\/javascript|application\/javascript|text\/css|image\/|font\/)/;

// nonces are cut from a pool of random bytes filled 4 KB at a time (one system call per 256 answers)
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** A fresh CSP nonce: 16 random bytes, base64. */
export function newNonce(): string {
  if (poolAt + 16 > pool.length) {
    crypto.randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 16;
  return pool.toString("base64", poolAt - 16, poolAt);
}

/**
 * The shop's security headers, worked out once: those every answer gets (`always`) and those
 * of a page (`page(nonce)`: the CSP with that answer's nonce, and the page-level policies).
 */
export function securityHeaderValues({ production, dev = false, imageOrigins = [], paystackPopup = false }: SecurityOptions) {
  const always: [string, string][] = [["X-Content-Type-Options", "nosniff"]];
  if (production) always.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  const script = (nonce: string) =>
    `${dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`}${paystackPopup ? ` ${PAYSTACK_SCRIPT}` : ""}`;
  const rest = [
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${imageOrigins.join(" ")}`.trim(),
    // data: carries the ~1 KB ₦ faces inlined in the stylesheet (scripts/build-fonts.ts)
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}${paystackPopup ? ` ${PAYSTACK_API}` : ""}`,
    ...(paystackPopup ? [`frame-src ${PAYSTACK_FRAMES}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  const csp = (nonce: string) => `default-src 'self'; script-src ${script(nonce)}; ${rest}`;
  const pagePolicies: [string, string][] = [
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  return { always, csp, pagePolicies };
}

/** CSP with a per-request nonce for React Router's inline scripts, plus the usual hardening headers. */
export function securityHeaders(options: SecurityOptions) {
  const { always, csp, pagePolicies } = securityHeaderValues(options);
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = newNonce();
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    for (const [name, value] of always) h.set(name, value);
    // CSP and the page-level policies mean nothing on static scripts, styles, images and fonts;
    // leaving them off saves ~0.5 KB per asset request.
    if (STATIC.test(h.get("Content-Type") ?? "")) return;
    h.set("Content-Security-Policy", csp(nonce));
    for (const [name, value] of pagePolicies) {
      // a page may ask for a stricter policy of its own (the reset page: its address holds the token)
      if (name === "Referrer-Policy" && h.has(name)) continue;
      h.set(name, value);
    }
  });
}
