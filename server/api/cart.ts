import { Hono } from "hono";
import { z } from "zod";
import { addToCartInput, mergeCartInput, quoteCartInput, updateCartItemInput } from "../../modules/cart/schemas";
import { deliveryMethods } from "../../modules/orders/schemas";
import { shopperCode } from "../../modules/discounts/shopper-code";
import {
  addToCart,
  cartCount,
  cartSummary,
  clearCart,
  listCart,
  mergeCart,
  removeCartItem,
  updateCartItem,
} from "../../modules/cart/service.server";
import { quoteGuestCart } from "../../modules/cart/quote.server";
import type { AppDeps, AppEnv } from "../context";
import { idempotent } from "../idempotent";
import { pathId, readJson, readQuery } from "../http";
import { assertSelfOrAdmin, currentUser, requireUser } from "../middleware/auth";

const summaryQuery = z.object({
  deliveryMethod: z.enum(deliveryMethods).default("standard"),
  lga: z.string().trim().max(100).optional(),
  code: shopperCode.optional(),
});

// docs/product.md §7 cart calls: the owner or an admin only; prices always from the products table.
export function cartRoutes({ database }: AppDeps) {
  const db = database.db;
  return (
    new Hono<AppEnv>()
      // a guest cart (browser storage) priced by the server: no account needed
      .post("/cart/quote", async (c) => {
        const { lines, lga, code } = await readJson(c, quoteCartInput);
        return c.json(await quoteGuestCart(db, lines, lga, code));
      })
      .use("/cart/*", requireUser())
      .post("/cart/create", async (c) => {
        const input = await readJson(c, addToCartInput);
        const user = currentUser(c);
        const userId = input.userId ?? user.id;
        assertSelfOrAdmin(user, userId);
        const cartItem = await addToCart(db, userId, input.productId, input.quantity);
        return c.json({ cartItem, count: await cartCount(db, userId) }, 201);
      })
      .post("/cart/merge", async (c) => {
        const { lines } = await readJson(c, mergeCartInput);
        const userId = currentUser(c).id;
        // quantities add up, so a merge resent after a dropped connection must apply once
        return idempotent(c, db, `cart-merge:${userId}`, lines, 200, async () => ({
          cartItems: await mergeCart(db, userId, lines),
          count: await cartCount(db, userId),
        }));
      })
      .get("/cart/summary", async (c) => {
        const q = readQuery(c, summaryQuery);
        const onRatesError = (err: unknown) => c.get("logger").error({ err }, "delivery rates failed");
        return c.json(
          await cartSummary(db, currentUser(c).id, {
            deliveryMethod: q.deliveryMethod,
            ...(q.lga !== undefined ? { lga: q.lga } : {}),
            code: q.code,
            onRatesError,
          }),
        );
      })
      .get("/cart/user/:userId", async (c) => {
        const userId = pathId(c, "Cart", "userId");
        assertSelfOrAdmin(currentUser(c), userId);
        return c.json({ cartItems: await listCart(db, userId) });
      })
      .get("/cart/count/:userId", async (c) => {
        const userId = pathId(c, "Cart", "userId");
        assertSelfOrAdmin(currentUser(c), userId);
        return c.json({ count: await cartCount(db, userId) });
      })
      .delete("/cart/user/:userId", async (c) => {
        const userId = pathId(c, "Cart", "userId");
        assertSelfOrAdmin(currentUser(c), userId);
        await clearCart(db, userId);
        return c.json({ cartItems: [], count: 0 });
      })
      .put("/cart/:id", async (c) => {
        const id = pathId(c, "Cart item");
        const { quantity } = await readJson(c, updateCartItemInput);
        const cartItem = await updateCartItem(db, currentUser(c), id, quantity);
        return c.json({ cartItem });
      })
      .delete("/cart/:id", async (c) => {
        await removeCartItem(db, currentUser(c), pathId(c, "Cart item"));
        return c.json({ ok: true });
      })
  );
}
