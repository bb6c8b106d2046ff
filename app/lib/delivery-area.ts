// The delivery area chosen in the cart, kept in a cookie so the checkout (after a
// sign-in, too) starts with it and the server renders both pages priced for it.
const COOKIE = "delivery_area";

/** The area the request's cookie names, if any (checked against the shop's areas by the caller). */
export function chosenDeliveryArea(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== COOKIE) continue;
    try {
      return decodeURIComponent(value.join("=")).slice(0, 100) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Remembers the area for 30 days (browser only). */
export function rememberDeliveryArea(lga: string) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COOKIE}=${encodeURIComponent(lga)}; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax${secure}`;
}
