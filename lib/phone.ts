// Nigerian phone numbers as shoppers type them (docs/product.md "Checkout"): 0803 555 0142,
// +234 803 555 0142, 2348035550142, 803-555-0142. Kept in one form, +234 and ten digits, so
// one customer is one number whatever the spelling (limits per customer, WhatsApp, look-ups).

/** After the leading 0 or +234: mobile numbers (7, 8 or 9, then 0 or 1, then eight digits) and eight-digit fixed lines (Lagos 01…). */
const NATIONAL = /^(?:[789][01]\d{8}|[1-6]\d{7})$/;

/** The number in +234 form, or null when it is not a Nigerian number. */
export function normalizeNigerianPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  let national: string;
  if (compact.startsWith("+234")) national = compact.slice(4);
  else if (compact.startsWith("234") && compact.length >= 12) national = compact.slice(3);
  else if (compact.startsWith("0")) national = compact.slice(1);
  else national = compact;
  if (national.startsWith("0")) national = national.slice(1); // +234 0803…
  return NATIONAL.test(national) ? `+234${national}` : null;
}

/** As a person reads it: +234 803 555 0142. */
export function formatNigerianPhone(normalized: string): string {
  const n = normalized.replace(/^\+234/, "");
  return n.length === 10 ? `+234 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}` : normalized;
}

/** Any number a record holds, as a person reads it: a Nigerian one as +234 803 555 0142 however it was
 * typed (older orders and profiles keep it as typed), anything else unchanged. */
export function readablePhone(text: string): string {
  const normalized = normalizeNigerianPhone(text);
  return normalized ? formatNigerianPhone(normalized) : text;
}

/**
 * What to look for in stored numbers when the back office searches with something typed as a
 * phone number (digits, spaces, + - ( ) . only): a whole Nigerian number as its ten national
 * digits, so +234 803 555 0142, 0803 555 0142 and 08035550142 all find +2348035550142 and a
 * number kept as typed; a part of one as its digits, without the 0 or +234 it starts with.
 * Null for anything else (a name, an email): its digits are not a phone search.
 */
export function phoneSearchDigits(typed: string): string | null {
  const text = typed.trim();
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const whole = normalizeNigerianPhone(text);
  if (whole) return whole.slice("+234".length);
  const digits = text.replace(/\D/g, "");
  return (text.startsWith("+234") ? digits.slice(3) : digits.replace(/^0/, "")) || null;
}

/** The digits WhatsApp's wa.me links take: 2348035550142. */
export const whatsappDigits = (normalized: string): string => normalized.replace(/^\+/, "");
