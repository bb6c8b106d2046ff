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

const nairaFormat = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const usdFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₦12,500 (kobo shown only when present: ₦12,500.50). */
export function formatNaira(kobo: number): string {
  const naira = koboToNaira(kobo);
  const body = nairaFormat.format(Math.abs(naira));
  const fixed = Number.isInteger(naira) ? body : nairaFormatTwo(Math.abs(naira));
  return `${naira < 0 ? "-" : ""}₦${fixed}`;
}

function nairaFormatTwo(naira: number): string {
  return new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(naira);
}

/** docs/product.md §9: USD is a display option only: naira × rate, 2 decimals. */
export function formatUsd(kobo: number, rate: number): string {
  return `$${usdFormat.format(koboToNaira(kobo) * rate)}`;
}

/** The API's naira amounts, formatted like formatNaira. */
export function formatNairaAmount(naira: number): string {
  return formatNaira(nairaToKobo(naira));
}
