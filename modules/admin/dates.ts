/** Inclusive day filters (YYYY-MM-DD, Lagos has no DST: UTC+1) → [from, to) instants. */
export function dayRange(from?: string, to?: string): { from?: Date; to?: Date } {
  const start = (d: string) => new Date(`${d}T00:00:00+01:00`);
  return {
    from: from ? start(from) : undefined,
    to: to ? new Date(start(to).getTime() + 24 * 3600 * 1000) : undefined,
  };
}
