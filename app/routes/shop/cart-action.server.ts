import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { quantitySchema } from "../../../modules/cart/schemas";
import { addToCart, lineLimit, productExists, removeCartItem, updateCartItem } from "../../../modules/cart/service.server";
import { AppError } from "../../../lib/errors";
import { guestCartFromCookie, guestCartSetCookie, withGuestLine, withGuestQuantity } from "../../lib/guest-cart-cookie";
import { codeToKeep } from "../../../modules/discounts/codes.server";
import { orderAgain } from "../../../modules/orders/order-again.server";
import { cartCodeInput } from "../../../modules/discounts/shopper-code";
import { saveForLater } from "../../../modules/wish-lists/service.server";
import { clearedVisitCodeCookie, visitCodeCookie } from "../../../modules/discounts/visit-code.server";
import { appContext } from "../../context";
import { formAction, parseFields, readForm } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";

// the API's quantity rule (POST /api/cart/create, PUT /api/cart/{id}), read from a form's text
const quantity = z.coerce.number({ error: "Enter a quantity" }).pipe(quantitySchema);
export const addLineForm = z.object({ productId: z.uuid("Choose a product"), quantity: quantity.default(1) });
const lineForm = z.object({ lineId: z.uuid("This line is no longer in your cart. Please reload the page.") });
const quantityForm = lineForm.extend({ quantity });
const againForm = z.object({
  purchaseId: z.uuid("This order no longer exists. Please reload the page."),
  // the order's signed link, on its own page: how a guest opens it
  t: z.string().trim().max(100).optional(),
});

/**
 * The cart as one action with intents (docs/decisions/0011-one-way-to-write.md): `add` (the product
 * page's Add To Cart, then /cart), `quantity` (a line's stepper) and `remove` for a signed-in
 * shopper, with the same services as the REST cart; `apply-code` and `remove-code` (the "Discount
 * code" field) for anyone, kept for the visit in a cookie; `again` ('Order again', from My orders or
 * the order's page) for her, or for a guest holding the order's link; `later` ("Save for later",
 * signed in) moves a line to her wish list. A guest's lines live in her
 * browser (app/lib/guest-cart.ts) and its cookie mirror: a guest posting here (no script yet: add, a
 * line's quantity, remove; or order again) has that cookie changed, and her browser takes it as her
 * cart once the script runs.
 */
export async function cartAction({ context, request }: { context: Readonly<RouterContextProvider>; request: Request }) {
  const { db, env, user } = context.get(appContext);
  return formAction(async () => {
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "remove-code") return data<FormResult>({ ok: true }, { headers: { "Set-Cookie": clearedVisitCodeCookie(env) } });
    if (intent === "apply-code") {
      const code = await codeToKeep(db, parseFields(form, cartCodeInput).code, user?.id ?? null);
      return data<FormResult>({ ok: true }, { headers: { "Set-Cookie": visitCodeCookie(env, code) } });
    }
    // docs/product.md "My orders": 'Order again' from her list or the order's page, to this page with what came back
    if (intent === "again") {
      const { purchaseId, t } = parseFields(form, againForm);
      if (user) return { ok: true, msg: (await orderAgain(db, env, purchaseId, { userId: user.id, token: t })).msg };
      if (!t) throw new AppError("unauthorized", "Log in to order again.");
      const lines = guestCartFromCookie(request);
      const { msg, adding } = await orderAgain(db, env, purchaseId, { userId: null, token: t, guestLines: lines });
      const limit = await lineLimit(db);
      const cart = adding.reduce((held, line) => withGuestLine(held, line, limit), lines);
      return data<FormResult>({ ok: true, msg }, { headers: { "Set-Cookie": guestCartSetCookie(cart, env.NODE_ENV === "production") } });
    }
    if (intent === "add") {
      const line = parseFields(form, addLineForm);
      if (!user) {
        if (!(await productExists(db, line.productId))) throw AppError.notFound("Product");
        const lines = withGuestLine(guestCartFromCookie(request), line, await lineLimit(db));
        return redirect("/cart", { headers: { "Set-Cookie": guestCartSetCookie(lines, env.NODE_ENV === "production") } });
      }
      await addToCart(db, user.id, line.productId, line.quantity);
      return redirect("/cart");
    }
    if (!user && intent === "later") throw new AppError("unauthorized", "Log in to save it for later.");
    if (!user) {
      // a guest's line (its id is the product's) changed before the page's script ran: in her cart's cookie
      const { lineId } = parseFields(form, lineForm);
      const quantity = intent === "remove" ? null : parseFields(form, quantityForm).quantity;
      const lines = withGuestQuantity(guestCartFromCookie(request), lineId, quantity, await lineLimit(db));
      return redirect("/cart", { headers: { "Set-Cookie": guestCartSetCookie(lines, env.NODE_ENV === "production") } });
    }
    // docs/product.md "Wish lists": "Save for later" moves the line to her wish list
    if (intent === "later") {
      const { title } = await saveForLater(db, user.id, parseFields(form, lineForm).lineId);
      return { ok: true, msg: `Saved ${title} to your wish list for later.` };
    }
    if (intent === "remove") await removeCartItem(db, user, parseFields(form, lineForm).lineId);
    else {
      const line = parseFields(form, quantityForm);
      await updateCartItem(db, user, line.lineId, line.quantity);
    }
    return { ok: true };
  });
}
