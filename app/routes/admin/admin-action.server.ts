import { z } from "zod";
import { data, redirect, type RouterContextProvider } from "react-router";
import { shopStorage } from "../../../lib/storage.server";
import type { Storage } from "../../../lib/storage-types";
import { appContext, type AppServices, type SessionUser } from "../../context";
import { formAction, formImage, parseForm, sentBack } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { isRecordId } from "../../../lib/record-id";
import { AppError } from "../../../lib/errors";
import { isOwner, OWNER_ONLY_MSG } from "../../../modules/accounts/roles";

export type AdminServices = AppServices & { user: SessionUser; storage: Storage };
type ActionArgs = { context: Readonly<RouterContextProvider>; request: Request };

/**
 * A back-office form's action (docs/decisions/0011-one-way-to-write.md): the admin role is checked on
 * the server first (a visitor goes to /admin, a customer gets the 403 page), then `run` calls the
 * same service as the REST handler and a refusal comes back as the API's {msg, code, fields}. A
 * successful write empties the public caches on the way out, as the API's do
 * (server/middleware/public-cache.ts `invalidateOnWrites`). A refusal carries what the form sent, so
 * a page drawn again without the script keeps what was typed (startingValues).
 */
export function adminAction<T>({ context, request }: ActionArgs, run: (ctx: AdminServices) => Promise<T>) {
  const user = requireAdminPage(context, request);
  const services = context.get(appContext);
  return formAction(() => run({ ...services, user, storage: shopStorage(services.env) }), sentBack(request));
}

/** An owner's write on a screen staff use too (a refund on /viewpurchase): staff get the message, nothing changes. */
export function ownerOnly(user: SessionUser) {
  if (!isOwner(user.role)) throw new AppError("forbidden", OWNER_ONLY_MSG);
}

/** The record id in an edit screen's address; a malformed one is the 404 page, as its loader answers (app/lib/not-found.server.ts). */
export function recordId(id: string | undefined, what: string): string {
  if (!isRecordId(id)) throw data(`${what} not found`, { status: 404 });
  return id;
}

/** The table rows' Delete buttons post the row's id. */
export const rowInput = z.object({ id: z.uuid({ error: "This row no longer exists. Please reload the page." }) });

/** A list screen's action: deletes the posted row with `remove` (the service the API's DELETE calls). */
export function deleteRowAction(args: ActionArgs, remove: (ctx: AdminServices, id: string) => Promise<unknown>) {
  return adminAction(args, async (ctx): Promise<FormResult> => {
    const { data } = await parseForm(args.request, rowInput);
    await remove(ctx, data.id);
    return { ok: true, msg: "Deleted" };
  });
}

/** A create screen's action: the form, and the image it may carry, through `create`; then back to the list `done`. */
export function createAction<S extends z.ZodObject>(
  args: ActionArgs,
  schema: S,
  create: (ctx: AdminServices, data: z.output<S>, image: Buffer | null) => Promise<unknown>,
  done: string,
) {
  return adminAction(args, async (ctx) => {
    const { data, form } = await parseForm(args.request, schema);
    await create(ctx, data, await formImage(form));
    return redirect(done);
  });
}

/** An edit screen's action: the record the address names (`what`, a 404 for a malformed id) saved through `save`; then back to `done`. */
export function editAction<S extends z.ZodObject>(
  args: ActionArgs & { params: { id?: string } },
  what: string,
  schema: S,
  save: (ctx: AdminServices, id: string, data: z.output<S>) => Promise<unknown>,
  done: string,
) {
  return adminAction(args, async (ctx) => {
    await save(ctx, recordId(args.params.id, what), (await parseForm(args.request, schema)).data);
    return redirect(done);
  });
}
