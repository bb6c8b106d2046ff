// Calendar days in Lagos (docs/decisions/0015-delivery-dates.md): a delivery date is a Lagos calendar
// date (YYYY-MM-DD) and 'today' and 'the hour' are read in Africa/Lagos from an instant that is passed
// in, never from the wall clock here. Days are counted on the calendar (UTC arithmetic on the date
// alone), so month and year ends need no special case. Safe for the browser.

const lagosParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

/** The Lagos calendar date and hour (0–23) of an instant. */
export function lagosNow(now: Date): { date: string; hour: number } {
  const parts = lagosParts.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) };
}

const lagosClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as Lagos reads it on a clock, for spreadsheets: 2026-12-05 00:30 (no zone: Lagos is UTC+1 all year). */
export function lagosTimestamp(instant: Date): string {
  const parts = lagosClock.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The calendar date `days` after (or before) `date`: 2027-01-31 + 1 = 2027-02-01. */
export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** The month after `month` ("2026-12" → "2027-01"). */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The date of day `day` of `month`, or the month's last day when it is shorter: ("2027-02", 31) → "2027-02-28". */
export function dayOfMonth(month: string, day: number): string {
  const last = addDays(`${nextMonth(month)}-01`, -1);
  return day >= Number(last.slice(8)) ? last : `${month}-${String(day).padStart(2, "0")}`;
}

/** A real calendar date written YYYY-MM-DD (2027-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = toUtc(s);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

const short = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
const long = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** As a chip reads it: Fri 14 Feb. */
export const shortDay = (date: string) => short.format(new Date(toUtc(date)));
/** As a mail or a page reads it: Friday 14 February 2027. */
export const longDay = (date: string) => long.format(new Date(toUtc(date))).replace(",", "");

const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "short" });

/** An instant's day in Lagos as a chart's axis reads it, day first as Nigerians write dates: 7 Nov. */
export const axisDay = (instant: Date) => dayMonth.format(instant);

/** An hour of the day (0–23) on the 12-hour clock people speak: 0 is 12 am, 13 is 1 pm. */
const twelveHour = (h: number) => ({ hour: h % 12 === 0 ? 12 : h % 12, period: h < 12 ? "am" : "pm" });

/** An hour of the day as people say it: 9 am, 12 pm, 2 pm, 12 am (midnight, also for 24). */
export function hourLabel(hour: number): string {
  const t = twelveHour(hour % 24);
  return `${t.hour} ${t.period}`;
}

const dayAndTime = {
  long: new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Lagos",
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }),
  short: new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Lagos",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }),
};

/**
 * An instant in Lagos as a page or a mail says until when something holds: Saturday 5 December,
 * 2:17 am; `short`, as a list's line says when it happened: 4 Dec, 3:08 am. On the 12-hour clock
 * people speak (a bare 2:17 reads as the afternoon to many), and the same on the server and in any
 * browser: the words are put together here, not left to a locale.
 */
export function lagosDayTime(instant: Date, style: keyof typeof dayAndTime = "long"): string {
  const parts = dayAndTime[style].formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const t = twelveHour(Number(get("hour")));
  const day = style === "long" ? `${get("weekday")} ${get("day")} ${get("month")}` : `${get("day")} ${get("month")}`;
  return `${day}, ${t.hour}:${get("minute")} ${t.period}`;
}
