import type { Context } from "hono";
import { idParam } from "../../modules/catalog/schemas";
import { AppError } from "../../lib/errors";

/** The `:id` path parameter as a uuid; anything else is a 400 (never a database error). */
export function readId(c: Context): string {
  const result = idParam.safeParse(c.req.param("id"));
  if (!result.success) throw new AppError("invalid", "Not a valid id.", { fields: { id: "Not a valid id" } });
  return result.data;
}
