import crypto from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";

type Options = { production: boolean; dev?: boolean; imageOrigins?: string[]; paystackPopup?: boolean };

// PAYSTACK_MODE=popup only: Paystack's inline script (js.paystack.co), the API it
// calls from our page (api.paystack.co) and its checkout frame (checkout.paystack.com).
// Paystack's InlineJS docs name no CSP; these three origins are those the script
// and the frame are served from and call (an assumption to recheck on a live key).
const PAYSTACK_SCRIPT = "https://js.paystack.co";
const PAYSTACK_API = "https://api.paystack.co";
const PAYSTACK_FRAMES = "https://checkout.paystack.com";

/** CSP with a per-request nonce for React Router's inline scripts, plus the usual hardening headers. */
export function securityHeaders({ production, dev = false, imageOrigins = [], paystackPopup = false }: Options) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    if (production) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // CSP and the page-level policies mean nothing on static scripts, styles, images and fonts;
    // leaving them off saves ~0.5 KB per asset request.
    if (/^(text\/javascript|application\/javascript|text\/css|image\/|font\/)/.test(h.get("Content-Type") ?? "")) return;
    const script = `${dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`}${paystackPopup ? ` ${PAYSTACK_SCRIPT}` : ""}`;
    h.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${script}`,
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
      ].join("; "),
    );
    // a page may ask for a stricter policy of its own (the reset page: its address holds the token)
    if (!h.has("Referrer-Policy")) h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
  });
}
