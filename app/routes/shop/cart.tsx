import { ShoppingBag } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { CartLine } from "../../components/cart/cart-line";
import { DeliveryAreaSelect } from "../../components/cart/delivery-area-select";
import { DiscountCodeForm } from "../../components/cart/discount-code-form";
import { AskOnWhatsApp } from "../../components/contact/whatsapp-links";
import { OrderSummary, type Currency } from "../../components/cart/order-summary";
import { PreorderNote } from "../../components/preorder-note";
import { appContext } from "../../context";
import { postJson } from "../../lib/api-client";
import { readVisitCode } from "../../../modules/discounts/visit-code.server";
import { chosenDeliveryArea, rememberDeliveryArea } from "../../lib/delivery-area";
import { removeFromGuestCart, setGuestCartQuantity, useGuestCart } from "../../lib/guest-cart";
import { cartSummary, listCart } from "../../../modules/cart/service.server";
import { quoteGuestCart } from "../../../modules/cart/quote.server";
import { guestCartFromCookie, knowsGuestCart } from "../../lib/guest-cart-cookie";
import { cartQuestion, productPath, shopUrl } from "../../../modules/marketing/whatsapp";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import { deliverySpeeds } from "../../../modules/delivery/methods";
import { getSettings } from "../../../modules/settings/service.server";
import { pickupPoints } from "../../../modules/settings/pickup-points";
import { deliveryDateNotes } from "../../../modules/delivery/schedule.server";
import { startingArea } from "../../../modules/orders/checkout-form.server";
import type { CartItemView, CartSummary } from "../../../modules/cart/types";
import { cartAction } from "./cart-action.server";
import { FormMessage } from "../../components/forms/fields";
import type { Route } from "./+types/cart";

export function meta() {
  return [{ title: "Your cart | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, user, logger } = context.get(appContext);
  // the visit's discount code (a /?code= link or the field below): the summary shows its saving or its message
  const code = readVisitCode(request);
  // the area chosen here before (a cookie), else the profile's: the cart shows what checkout will charge
  // and, for the areas that take dates, what to expect of them at checkout (docs/product.md "Delivery on a chosen date")
  const [areas, area, dateNotes, pickup] = await Promise.all([
    deliveryAreaNames(db),
    startingArea(db, user?.id ?? null, chosenDeliveryArea(request)),
    deliveryDateNotes(db),
    // collecting it at the shop, offered at checkout (docs/product.md "Pick-up")
    getSettings(db).then((s) => pickupPoints(s).length > 0),
  ]).catch((err: unknown) => {
    logger.error({ err }, "delivery areas failed");
    return [[] as string[], null, {} as Record<string, string>, false] as const;
  });
  const shared = { areas, area, dateNotes, code, pickup };
  if (!user) {
    // her browser's cart, as its cookie mirror says: priced here, it is on the page at first paint
    // (and without a script); none (or a failure) and her browser asks for its quote once its script runs
    const quote = knowsGuestCart(request)
      ? await quoteGuestCart(db, guestCartFromCookie(request), area ?? undefined, code ?? undefined).catch((err: unknown) => {
          logger.error({ err }, "guest cart quote failed");
          return null;
        })
      : null;
    return {
      signedIn: false,
      items: quote?.cartItems ?? ([] as CartItemView[]),
      summary: quote?.summary ?? (null as CartSummary | null),
      deliveryError: false,
      guestQuoted: quote !== null,
      ...shared,
    };
  }
  try {
    // docs/product.md §8: failing delivery rates cost only the delivery charge (cartSummary leaves it null)
    const priced = await cartSummary(db, user.id, {
      ...(area ? { lga: area } : {}),
      code,
      onRatesError: (err) => logger.error({ err }, "delivery rates failed"),
    });
    return { signedIn: true, ...priced, deliveryError: false, guestQuoted: false, ...shared };
  } catch (err) {
    // anything else (the settings): the lines still show, the summary reads '—'
    logger.error({ err }, "cart summary failed");
    return {
      signedIn: true,
      items: await listCart(db, user.id),
      summary: null,
      deliveryError: true,
      guestQuoted: false,
      ...shared,
    };
  }
}

/** The cart's writes: add, a line's quantity, remove, and the visit's discount code. */
export const action = (args: Route.ActionArgs) => cartAction(args);

type Quote = { cartItems: CartItemView[]; summary: CartSummary };

const linesKey = (lines: { productId: string; quantity: number }[]) =>
  JSON.stringify(lines.map(({ productId, quantity }) => [productId, quantity]));

/**
 * The guest's lines priced by the server (same function as the server cart), for her delivery area
 * once chosen; `first`, the page's own pricing of her cart's cookie, until her browser's answers.
 */
function useGuestQuote(
  enabled: boolean,
  lga: string,
  code: string | null,
  first: { items: CartItemView[]; summary: CartSummary | null } | null,
) {
  const lines = useGuestCart();
  const [quote, setQuote] = useState<{ items: CartItemView[]; summary: CartSummary | null; error: boolean; loading: boolean }>(
    first ? { ...first, error: false, loading: false } : { items: [], summary: null, error: false, loading: true },
  );
  const key = lines && linesKey(lines);
  // the page's own pricing stands as long as her browser's cart, area and code are the ones it priced
  const priced = useRef(first ? { key: linesKey(first.items), lga, code } : null);
  useEffect(() => {
    if (!enabled || key === null) return;
    const page = priced.current;
    priced.current = null;
    if (page && page.key === key && page.lga === lga && page.code === code) return;
    let live = true;
    const asked = (JSON.parse(key) as [string, number][]).map(([productId, quantity]) => ({ productId, quantity }));
    void postJson<Quote>("/api/cart/quote", { lines: asked, ...(lga ? { lga } : {}), ...(code ? { code } : {}) }).then((res) => {
      if (!live) return;
      setQuote(
        res.ok
          ? { items: res.data.cartItems, summary: res.data.summary, error: false, loading: false }
          : (q) => ({ ...q, error: true, loading: false }),
      );
    });
    return () => {
      live = false;
    };
  }, [enabled, key, lga, code]);
  return quote;
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, areas } = loaderData;
  const [area, setArea] = useState(loaderData.area ?? "");
  const guest = useGuestQuote(!signedIn, area, loaderData.code, loaderData.guestQuoted ? loaderData : null);
  const revalidator = useRevalidator();
  const [currency, setCurrency] = useState<Currency>("NGN");

  const items = signedIn ? loaderData.items : guest.items;
  const summary = signedIn ? loaderData.summary : guest.summary;
  const deliveryError = signedIn ? loaderData.deliveryError : guest.error;
  const loading = !signedIn && guest.loading;

  function chooseArea(lga: string) {
    // kept for the checkout, which starts with it (after signing in, too)
    rememberDeliveryArea(lga);
    setArea(lga);
    if (signedIn) void revalidator.revalidate();
  }

  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl">Your cart</h1>
      {/* 'Order again' from My orders lands here, saying what came back */}
      {actionData && "msg" in actionData && actionData.msg ? (
        <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.msg}</FormMessage>
      ) : null}
      {loading ? (
        <p className="mt-6 text-muted" role="status">
          Loading your cart...
        </p>
      ) : null}
      <div className={`mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] ${loading ? "hidden" : ""}`}>
        {items.length === 0 ? (
          <div className="rounded-2xl border border-line bg-linen p-8 text-center">
            <ShoppingBag size={36} className="mx-auto text-rose" aria-hidden="true" />
            <p className="mt-3 text-lg font-semibold">Your cart is empty.</p>
            <Link to="/products" className="btn-primary mt-5">
              Continue shopping
            </Link>
          </div>
        ) : (
          <ul className="h-fit divide-y divide-line rounded-2xl border border-line bg-linen px-4" aria-label="Cart items">
            {items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                currency={currency}
                usdRate={summary?.usdRate ?? 0}
                guest={
                  signedIn
                    ? undefined
                    : {
                        setQuantity: (quantity) => setGuestCartQuantity(item.productId, quantity),
                        remove: () => removeFromGuestCart(item.productId),
                      }
                }
              />
            ))}
          </ul>
        )}
        <aside aria-labelledby="summary-title" className="h-fit rounded-2xl border border-line bg-linen p-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="summary-title" className="whitespace-nowrap text-xl">
              Order summary
            </h2>
            <label className="flex items-center gap-2 text-sm">
              <span>Currency</span>
              <select
                className="input !w-auto !py-1.5"
                value={currency}
                onChange={(e) => setCurrency(e.target.value as Currency)}
                data-testid="currency"
              >
                <option value="NGN">NGN (₦)</option>
                <option value="USD">USD ($)</option>
              </select>
            </label>
          </div>
          {areas.length ? (
            <div className="mt-4">
              <DeliveryAreaSelect id="cart-lga" areas={areas} value={area} onChange={chooseArea} />
              <p className="mt-1 text-xs text-muted">
                Standard delivery ({deliverySpeeds.standard.days}); you can choose express
                {loaderData.pickup ? " or free pick-up" : ""} at checkout.
              </p>
              {loaderData.dateNotes[area] ? (
                <p className="mt-1 text-xs text-muted" data-testid="cart-date-note">
                  {loaderData.dateNotes[area]}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="mt-4">
            {/* as the shop spells it once priced (a link may carry it in any case) */}
            <DiscountCodeForm code={loaderData.code ? (summary?.code?.code ?? loaderData.code) : null} />
          </div>
          <div className="mt-4">
            <OrderSummary summary={summary} currency={currency} deliveryError={deliveryError} />
          </div>
          <div className="mt-3 empty:hidden">
            <PreorderNote items={items} />
          </div>
          {currency === "USD" ? <p className="mt-3 text-xs text-muted">Dollar amounts are a guide only: you pay in naira.</p> : null}
          {items.length > 0 ? (
            <Link to="/checkout" className="btn-primary mt-5 w-full">
              Proceed to payment
            </Link>
          ) : (
            <button type="button" className="btn-primary mt-5 w-full" disabled>
              Proceed to payment
            </button>
          )}
          <AskOnWhatsApp
            className="mt-3 w-full"
            message={(c) =>
              cartQuestion(
                c.shopName,
                items.map((i) => ({ title: i.title, quantity: i.quantity, url: shopUrl(c.origin, productPath(i.productId)) })),
              )
            }
          />
        </aside>
      </div>
    </main>
  );
}
