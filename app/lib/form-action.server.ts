import { data, type RouterContextProvider } from "react-router";
import { ZodError, type z } from "zod";
import { AppError, fromUniqueViolation, fromZod, isAppError } from "../../lib/errors";
import { rejectNulText, withoutNul } from "../../lib/nul-text";
import { rateLimitStore } from "../../db/rate-limit-store";
import { enforceRateLimit, type RateRule } from "../../lib/rate-limit.server";
import { appContext, type AppServices } from "../context";
import { fieldErrors, formValues, type FormResult } from "./forms";

/** Each request's form, read once: an action may look at its intent before it parses it, and a refusal sends it back. */
const posted = new WeakMap<Request, Promise<FormData>>();

/** The posted form; a body that is not a form (a broken multipart body, a JSON body) is an AppError 400. */
async function postedForm(request: Request): Promise<FormData> {
  let form = posted.get(request);
  if (!form) {
    form = request.formData();
    posted.set(request, form);
  }
  try {
    return await form;
  } catch {
    throw new AppError("invalid", "The form could not be read. Please reload the page and try again.");
  }
}

/** A field (name or text) holding a NUL character is an AppError 400, never a crash. */
function rejectNulFields(form: FormData) {
  for (const [name, value] of form) if (typeof value === "string") rejectNulText({ [name]: value });
}

/**
 * The posted form. A body that is not a form (a broken multipart body, a JSON body) or a
 * field (name or text) holding a NUL character is an AppError 400, never a crash.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await postedForm(request);
  rejectNulFields(form);
  return form;
}

/** The form's fields checked by its schema; a bad field is an AppError with field messages. */
export function parseFields<S extends z.ZodObject>(form: FormData, schema: S): z.output<S> {
  const result = schema.safeParse(formValues(schema, form));
  if (!result.success) throw new AppError("invalid", "Please check the highlighted fields.", { fields: fieldErrors(result.error) });
  return result.data;
}

/** Parses a form post with the form's schema; a bad field is an AppError with field messages. */
export async function parseForm<S extends z.ZodObject>(request: Request, schema: S): Promise<{ data: z.output<S>; form: FormData }> {
  const form = await readForm(request);
  return { data: parseFields(form, schema), form };
}

/**
 * The image of a multipart form (by default `imageUrl`, the API's field name), or null when none was
 * chosen (an empty file input sends an empty file). The services check it is a real image of at most 10 MB.
 */
export async function formImage(form: FormData, field = "imageUrl"): Promise<Buffer | null> {
  const file = form.get(field);
  return file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null;
}

/**
 * A route's `headers` export for an action that can be refused with a `Retry-After` (a rate rule):
 * React Router passes only an action's cookies on by itself.
 */
export function actionHeaders({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  return headers;
}

/** A write anyone may make (contact, newsletter): counted per client address under the API's own rule, 429 past it. */
export async function limitPerAddress(ctx: AppServices, rule: RateRule) {
  await enforceRateLimit(rateLimitStore(ctx.db, ctx.env), rule, ctx.clientIp);
}

/**
 * The action of a form anyone may send (contact, newsletter, /test): the API's rate rule for the
 * client's address, the form's schema, then `save`, whose message is the answer. A refusal carries
 * what she typed (redrawnFormAction), so a page whose script has not run keeps her message.
 */
export function publicFormAction<S extends z.ZodObject>(
  { context, request }: { context: Readonly<RouterContextProvider>; request: Request },
  rule: RateRule,
  schema: S,
  save: (ctx: AppServices, data: z.output<S>) => Promise<{ msg: string }>,
) {
  const ctx = context.get(appContext);
  return redrawnFormAction(request, schema, async (fields): Promise<FormResult> => {
    await limitPerAddress(ctx, rule);
    return { ok: true, msg: (await save(ctx, fields())).msg };
  });
}

/**
 * Runs an action body and turns the services' AppErrors into a {msg, fields}
 * answer with the status the REST API would give (Retry-After included).
 * Redirects and other responses pass through. `redraw`, for a page without a script (its form is
 * drawn again from the answer): what she typed (`typed` or `sent`), sent back with a refusal so the
 * form keeps it.
 */
export async function formAction<T>(run: () => Promise<T>, redraw?: () => Promise<Partial<FormResult>>) {
  try {
    return await run();
  } catch (caught) {
    const e = caught instanceof ZodError ? fromZod(caught) : (fromUniqueViolation(caught) ?? caught);
    if (isAppError(e)) {
      const headers: HeadersInit = e.retryAfter ? { "Retry-After": String(e.retryAfter) } : {};
      return data<FormResult>({ ...e.toBody(), ...(redraw ? await redraw() : {}) }, { status: e.status, headers });
    }
    throw e;
  }
}

/** A password is never drawn back into a page: she types it again. */
const isSecret = (name: string) => /password/i.test(name);

/**
 * The action of a form the server draws again when it refuses it (/track has no script; /review's,
 * /login's or /register's may not have run yet when she sends it): `run` gets the fields checked by
 * `schema` through `fields()`, and the posted form. A refusal answers with what she sent (`typed`),
 * so the form keeps it; a field refused for a control character comes back without it, a password
 * never.
 */
export function redrawnFormAction<S extends z.ZodObject, T>(
  request: Request,
  schema: S,
  run: (fields: () => z.output<S>, form: FormData) => Promise<T>,
) {
  let typed: FormResult["typed"] = {};
  return formAction(
    async () => {
      const form = await postedForm(request);
      typed = Object.fromEntries(
        Object.entries(formValues(schema, form))
          .filter(([key]) => !isSecret(key))
          .map(([key, value]) => [key, value && withoutNul(value)]),
      );
      rejectNulFields(form);
      return run(() => parseFields(form, schema), form);
    },
    async () => ({ typed }),
  );
}

/**
 * What a back-office form sent, every field in its order (a password never, a file never: she
 * chooses it again), for the page drawn again after a refusal; nothing when the form was not read.
 */
async function sentFields(request: Request): Promise<FormResult["sent"]> {
  const form = await posted.get(request)?.catch(() => null);
  if (!form) return undefined;
  return [...form]
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && !isSecret(entry[0]))
    .map(([name, value]) => [name, withoutNul(value)]);
}

/** `formAction`'s `redraw` for a form drawn again from what it sent (startingValues): the back office's, the profile's. */
export const sentBack = (request: Request) => async () => ({ sent: await sentFields(request) });
