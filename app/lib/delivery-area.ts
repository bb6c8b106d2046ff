// The delivery area chosen in the cart, kept in a cookie so the checkout (after a
// sign-in, too) starts with it and the server renders both pages priced for it.
import { readCookie, setBrowserCookie } from "./cookies";

const COOKIE = "delivery_area";

/** The area the request's cookie names, if any (checked against the shop's areas by the caller). */
export const chosenDeliveryArea = (request: Request): string | null => readCookie(request, COOKIE, 100);

/** Remembers the area for 30 days (browser only). */
export const rememberDeliveryArea = (lga: string) => setBrowserCookie(COOKIE, lga, 30 * 24 * 3600);
