/**
 * A small in-memory cache: entries live `ttlMs`, at most `maxEntries` of them (the oldest goes
 * first), and `clear()` forgets everything (an invalidation). `ttlMs` 0 keeps nothing.
 */
export class TtlCache<V> {
  private entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The entry and whether it is still fresh; one that expired less than `graceMs` ago is still
   * given (fresh: false), for a caller that serves it only while a fresh one is being made.
   */
  lookup(key: string, graceMs: number, now = Date.now()): { value: V; fresh: boolean } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires + graceMs <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return { value: entry.value, fresh: entry.expires > now };
  }

  set(key: string, value: V, now = Date.now()) {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
