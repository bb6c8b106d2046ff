import { redirect } from "react-router";
import type { Logger } from "../../../lib/logger.server";

/**
 * A page past the end (its last row was just deleted, or an old link) goes to the
 * last page that has rows: the footer never reads 'Showing 6 to 5 of 5'.
 */
export function redirectPastLastPage(request: Request, query: { page: number; pageSize: number }, total: number) {
  const last = Math.max(1, Math.ceil(total / query.pageSize));
  if (query.page <= last) return;
  const url = new URL(request.url);
  url.searchParams.set("page", String(last));
  throw redirect(`${url.pathname}?${url.searchParams.toString()}`);
}

/**
 * Loads what a screen can show a message for instead of the error page (docs/product.md §8
 * 'Failed to load categories'): the failure is logged and becomes null. Thrown
 * responses (a 404) still go through.
 */
export async function loadOrNull<T>(logger: Logger, what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    logger.error({ err: e }, `admin screen: ${what} failed to load`);
    return null;
  }
}
