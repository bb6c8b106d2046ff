import { data } from "react-router";
import type { z } from "zod";
import { isAppError } from "../../lib/errors";
import { describeFields, parseSearchParams } from "../../lib/search-params";

/**
 * A page's query parameters, read with the same parser and schema as the API
 * (lib/search-params.ts): only the names in `keys`, blank meaning absent. A bad value
 * (a NUL character, a date like 0001-01-01, page=-1) is the 400 page naming it, not a crash.
 */
export function readSearchParams<S extends z.ZodType>(
  request: Request,
  schema: S,
  keys: readonly string[],
  fixed?: Record<string, unknown>,
): z.output<S> {
  try {
    return parseSearchParams(new URL(request.url).searchParams, schema, { keys, fixed });
  } catch (e) {
    if (isAppError(e)) throw data({ msg: `Please check the filters: ${describeFields(e)}`, fields: e.fields }, { status: 400 });
    throw e;
  }
}
