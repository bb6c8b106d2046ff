import type { z } from "zod";
import { fromZod, type AppError } from "./errors";
import { rejectNulText } from "./nul-text";

export type SearchParamsOptions = {
  /** only these names are read (a page ignores tracking parameters such as utm_source), and a blank one is absent */
  keys?: readonly string[];
  /** values the caller fixes whatever the URL says (a page's own page size) */
  fixed?: Record<string, unknown>;
};

/**
 * The one reader of query parameters, for the API and the pages alike: a NUL character, a
 * value the schema refuses (a date that is not a real day, a page of -1) or, for the API's
 * strict schemas, a name the list does not know is an AppError 400 naming the parameter;
 * never a database error.
 */
export function parseSearchParams<S extends z.ZodType>(params: URLSearchParams, schema: S, options: SearchParamsOptions = {}): z.output<S> {
  // no prototype: a parameter named "constructor" or "__proto__" is just an unknown name
  const raw: Record<string, string> = Object.create(null) as Record<string, string>;
  if (options.keys) {
    for (const key of options.keys) {
      const value = params.get(key);
      if (value !== null && value !== "") raw[key] = value;
    }
  } else {
    // a repeated name counts once, as its first value
    for (const [key, value] of params) raw[key] ??= value;
  }
  rejectNulText(raw);
  const result = schema.safeParse({ ...raw, ...options.fixed });
  if (!result.success) throw fromZod(result.error, "Invalid query parameter.");
  return result.data;
}

/** A 400's field messages as one line: "from: Use a real date; page: Too big". */
export function describeFields(error: AppError): string {
  const fields = Object.entries(error.fields ?? {});
  return fields.length > 0 ? fields.map(([name, msg]) => `${name}: ${msg}`).join("; ") : error.message;
}
