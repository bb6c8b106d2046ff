import type { InvalidationBus } from "./invalidation.server";
import { TtlCache } from "./ttl-cache";

/** A read that is the same for everyone, under a key: `shared(key, load)`. */
export type SharedReads = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * The catalogue and content reads a signed-in page makes that are the same for every visitor
 * (a product, its reviews, the shop's settings), shared by the requests of `ttlMs` (CACHE_TTL_MS,
 * as the public cache) and forgotten by every invalidation (an admin's write, a review), here and
 * on every server. Never for anything personal, and never for the money path (cart, checkout,
 * stock reservation, payment), which reads the database. A failed read is not kept.
 */
export function sharedReads(ttlMs: number, invalidation: InvalidationBus): SharedReads {
  const cache = new TtlCache<Promise<unknown>>(ttlMs, 1000);
  invalidation.subscribe(() => cache.clear());
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const kept = cache.get(key);
    if (kept) return kept as Promise<T>;
    const loading = load();
    cache.set(key, loading);
    loading.catch(() => {
      if (cache.get(key) === loading) cache.delete(key);
    });
    return loading;
  };
}

/** No sharing: each read goes to the database (a loader run without the server, in tests). */
export const unshared: SharedReads = (_key, load) => load();
