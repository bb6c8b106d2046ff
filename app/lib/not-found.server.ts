import { data } from "react-router";
import { AppError } from "../../lib/errors";
import { isRecordId } from "../../lib/record-id";

/**
 * Runs a loader's reads: a record that does not exist (an AppError not_found) becomes the
 * 404 page, with `body` as its data; any other error goes on as thrown.
 */
export async function orNotFound<T>(load: () => Promise<T>, body: unknown = null): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (e instanceof AppError && e.kind === "not_found") throw data(body, { status: 404 });
    throw e;
  }
}

/** The record a page shows, by the id in its path: a malformed id is the 404 page, as a missing record is. */
export async function recordOr404<T>(id: string | undefined, load: (id: string) => Promise<T>, body: unknown = null): Promise<T> {
  if (!isRecordId(id)) throw data(body, { status: 404 });
  return orNotFound(() => load(id), body);
}
