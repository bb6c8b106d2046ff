import { gte, lt, type Column, type SQL } from "drizzle-orm";

/** Inclusive day filters (YYYY-MM-DD, Lagos has no DST: UTC+1) → [from, to) instants. */
function dayRange(from?: string, to?: string): { from?: Date; to?: Date } {
  const start = (d: string) => new Date(`${d}T00:00:00+01:00`);
  return {
    from: from ? start(from) : undefined,
    to: to ? new Date(start(to).getTime() + 24 * 3600 * 1000) : undefined,
  };
}

/** The conditions that keep `column` within the Lagos days `from` to `to` (both inclusive, either optional): the lists' date filters. */
export function withinDays(column: Column, from?: string, to?: string): SQL[] {
  const range = dayRange(from, to);
  return [...(range.from ? [gte(column, range.from)] : []), ...(range.to ? [lt(column, range.to)] : [])];
}
