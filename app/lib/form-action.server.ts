import { data } from "react-router";
import { ZodError, type z } from "zod";
import { AppError, fromUniqueViolation, fromZod, isAppError } from "../../lib/errors";
import { rejectNulText } from "../../lib/nul-text";
import { fieldErrors, formValues, type FormResult } from "./forms";

/**
 * The posted form. A body that is not a form (a broken multipart body, a JSON body) or a
 * field (name or text) holding a NUL character is an AppError 400, never a crash.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("invalid", "The form could not be read. Please reload the page and try again.");
  }
  for (const [name, value] of form) if (typeof value === "string") rejectNulText({ [name]: value });
  return form;
}

/** Parses a form post with the form's schema; a bad field is an AppError with field messages. */
export async function parseForm<S extends z.ZodObject>(request: Request, schema: S): Promise<{ data: z.output<S>; form: FormData }> {
  const form = await readForm(request);
  const values = formValues(schema, form);
  const result = schema.safeParse(values);
  if (!result.success) throw new AppError("invalid", "Please check the highlighted fields.", { fields: fieldErrors(result.error) });
  return { data: result.data, form };
}

/**
 * Runs an action body and turns the services' AppErrors into a {msg, fields}
 * answer with the status the REST API would give (Retry-After included).
 * Redirects and other responses pass through.
 */
export async function formAction<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (caught) {
    const e = caught instanceof ZodError ? fromZod(caught) : (fromUniqueViolation(caught) ?? caught);
    if (isAppError(e)) {
      const headers: HeadersInit = e.retryAfter ? { "Retry-After": String(e.retryAfter) } : {};
      return data<FormResult>({ msg: e.message, fields: e.fields }, { status: e.status, headers });
    }
    throw e;
  }
}
