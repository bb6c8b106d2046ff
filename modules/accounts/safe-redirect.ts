// Where to send a visitor after logging in or signing up (`redirectTo`): the one rule, used by every
// page that reads it (login, admin login, register). Browser-safe: the forms use it too.

const BASE = "http://shop.invalid";
// Control characters: browsers drop a tab or newline, so "/\t/evil.example" would become "//evil.example";
// a backslash reads as "/" ("/\evil.example" is "//evil.example").
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** The path itself and what it says once percent-decoded (a proxy or a browser may decode it again). */
function readings(to: string): string[] | null {
  const all = [to];
  let current = to;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    all.push((current = next));
  }
  return all;
}

/** The same-origin path `s` names once dot segments are resolved, or null when it leaves the shop. */
function sameOriginPath(s: string): string | null {
  if (!s.startsWith("/") || s.startsWith("//") || UNSAFE.test(s)) return null;
  let url: URL;
  try {
    url = new URL(s, BASE);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" resolves to "//evil.example": another host for a browser
  return url.origin === BASE && !path.startsWith("//") ? path : null;
}

/** `path` with `?redirectTo=` (or `&redirectTo=`) carrying a destination on, when there is one. */
export function withRedirect(path: string, redirectTo: string): string {
  if (!redirectTo) return path;
  return `${path}${path.includes("?") ? "&" : "?"}redirectTo=${encodeURIComponent(redirectTo)}`;
}

/**
 * Only a path on this site, normalised; anything else (another host, a scheme, `//`, `/\`, their
 * percent-encoded forms, dot segments that resolve to `//`) gives `fallback`. No open redirect.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  const all = readings(to);
  if (!all || all.some((s) => sameOriginPath(s) === null)) return fallback;
  return sameOriginPath(to)!;
}
