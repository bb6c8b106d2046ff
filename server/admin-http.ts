import type { Context } from "hono";
import { z } from "zod";
import { AppError } from "../lib/errors";
import { shopStorage, type Storage } from "../lib/storage.server";
import type { AppDeps } from "./context";

const uuid = z.uuid();

/** A path id that is not a uuid cannot name a record: 404, like a missing one. */
export function pathId(c: Context, what: string): string {
  const id = c.req.param("id");
  if (!uuid.safeParse(id).success) throw AppError.notFound(what);
  return id!;
}

export function storageFor(deps: AppDeps): Storage {
  return shopStorage(deps.env);
}

/** A CSV download; the name carries today's date. */
export function csvResponse(c: Context, name: string, body: string) {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
  c.header("Cache-Control", "no-store");
  return c.body(body);
}
