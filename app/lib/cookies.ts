// Cookies the browser sets for the server to read (no secrets: the session cookie is the server's own).

/** The value of one cookie of the request, decoded, or null. */
export function readCookie(request: Request, name: string, maxLength = 4096): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("=")).slice(0, maxLength) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Sets a cookie from the browser for `maxAgeS` seconds (0: removes it). */
export function setBrowserCookie(name: string, value: string, maxAgeS: number) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax${secure}`;
}

/** The raw (still encoded) value of one of the browser's cookies, as the page's script reads it. */
export const readBrowserCookie = (name: string): string | undefined =>
  document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
