const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can name a record: every id is a uuid, so anything else names none and is
 * answered as a missing record (a 404), never sent to the database. The one id rule of the
 * API's paths (server/http.ts pathId) and the pages' (app/lib/not-found.server.ts).
 */
export const isRecordId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
