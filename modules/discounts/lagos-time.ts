// A code's start and end are typed and shown in Lagos time (docs/product.md "Discount codes"):
// Africa/Lagos is UTC+1 all year (no daylight saving), so the conversion is a fixed hour.
// Safe for the browser: the admin form shows the stored instants with these.

const OFFSET_MS = 60 * 60_000;
/** 2027-02-14T09:00, seconds optional, and the +01:00 that lagosIso writes (so an answer can be sent back). */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(\+01:00)?$/;

/** The UTC instant of a Lagos wall-clock time, or null when it is not a real time (2027-02-30T25:00). */
export function lagosLocalToUtc(local: string): Date | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(wall);
  // Date.UTC rolls 30 February over into March: that is not what was typed
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  if (y < 2000 || y > 2999) return null;
  return new Date(wall - OFFSET_MS);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The Lagos wall-clock time of an instant as a datetime-local input takes it: 2027-02-14T09:00. */
export function lagosLocalInput(instant: Date): string {
  const t = new Date(instant.getTime() + OFFSET_MS);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}

/** The instant with Lagos's offset, for the API: 2027-02-14T09:00:00+01:00 (an exact instant that reads as Lagos time). */
export function lagosIso(instant: Date): string {
  const t = new Date(instant.getTime() + OFFSET_MS);
  return `${lagosLocalInput(instant)}:${pad(t.getUTCSeconds())}+01:00`;
}

// made on first use: a browser's first date format costs it a long task (its locale data),
// which a page that only checks a code never needs
let spoken: Intl.DateTimeFormat | undefined;

/** As a shopper reads it, in Lagos time: 14 February 2027, 9:00 am. */
export function formatLagosTime(instant: Date): string {
  spoken ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone: "UTC",
  });
  const parts = spoken.formatToParts(new Date(instant.getTime() + OFFSET_MS));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")} ${get("month")} ${get("year")}, ${get("hour")}:${get("minute")} ${get("dayPeriod").toLowerCase()}`;
}
