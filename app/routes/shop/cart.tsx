import { ShoppingBag } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "../../components/toasts";
import { Link, useRevalidator } from "react-router";
import { CartLine } from "../../components/cart/cart-line";
import { OrderSummary, type Currency } from "../../components/cart/order-summary";
import { appContext } from "../../context";
import { postJson } from "../../lib/api-client";
import { sendJson } from "../../lib/cart-api";
import { removeFromGuestCart, setGuestCartQuantity, useGuestCart } from "../../lib/guest-cart";
import { cartSummary, listCart } from "../../../modules/cart/service.server";
import type { CartItemView, CartSummary } from "../../../modules/cart/types";
import type { Route } from "./+types/cart";

export function meta() {
  return [{ title: "Your cart | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, user, logger } = context.get(appContext);
  if (!user) return { signedIn: false, items: [] as CartItemView[], summary: null as CartSummary | null, deliveryError: false };
  try {
    // spec §8: failing delivery rates cost only the delivery charge (cartSummary leaves it null)
    const priced = await cartSummary(db, user.id, { onRatesError: (err) => logger.error({ err }, "delivery rates failed") });
    return { signedIn: true, ...priced, deliveryError: false };
  } catch (err) {
    // anything else (the settings): the lines still show, the summary reads '—'
    logger.error({ err }, "cart summary failed");
    return { signedIn: true, items: await listCart(db, user.id), summary: null, deliveryError: true };
  }
}

type Quote = { cartItems: CartItemView[]; summary: CartSummary };

/** The guest's lines priced by the server (same function as the server cart). */
function useGuestQuote(enabled: boolean) {
  const lines = useGuestCart();
  const [quote, setQuote] = useState<{ items: CartItemView[]; summary: CartSummary | null; error: boolean; loading: boolean }>({
    items: [],
    summary: null,
    error: false,
    loading: true,
  });
  const key = JSON.stringify(lines);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void postJson<Quote>("/api/cart/quote", { lines: JSON.parse(key) }).then((res) => {
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
  }, [enabled, key]);
  return quote;
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { signedIn } = loaderData;
  const guest = useGuestQuote(!signedIn);
  const revalidator = useRevalidator();
  const [currency, setCurrency] = useState<Currency>("NGN");
  const [busy, setBusy] = useState(false);

  const items = signedIn ? loaderData.items : guest.items;
  const summary = signedIn ? loaderData.summary : guest.summary;
  const deliveryError = signedIn ? loaderData.deliveryError : guest.error;
  const loading = !signedIn && guest.loading;

  /** Saves a change; resolves to the reason a quantity was refused (the line shows it). */
  async function change(item: CartItemView, quantity: number | "remove"): Promise<string | null> {
    if (!signedIn) {
      if (quantity === "remove") removeFromGuestCart(item.productId);
      else setGuestCartQuantity(item.productId, quantity);
      return null;
    }
    setBusy(true);
    const res =
      quantity === "remove"
        ? await sendJson("DELETE", `/api/cart/${item.id}`)
        : await sendJson("PUT", `/api/cart/${item.id}`, { quantity });
    if (!res.ok) toast.error(res.error.msg);
    await revalidator.revalidate();
    setBusy(false);
    return res.ok ? null : (res.error.fields?.quantity ?? null);
  }

  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl">Your cart</h1>
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
                busy={busy}
                onQuantity={(q) => change(item, q)}
                onRemove={() => void change(item, "remove")}
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
          <div className="mt-4">
            <OrderSummary summary={summary} currency={currency} deliveryError={deliveryError} />
          </div>
          {currency === "USD" ? <p className="mt-3 text-xs text-muted">Dollar amounts are a guide only: you pay in naira.</p> : null}
          {!signedIn ? (
            <p className="mt-3 text-xs text-muted">Delivery is standard to Lagos; your area's rate applies once you sign in at checkout.</p>
          ) : null}
          {items.length > 0 ? (
            <Link to="/checkout" className="btn-primary mt-5 w-full">
              Proceed to payment
            </Link>
          ) : (
            <button type="button" className="btn-primary mt-5 w-full" disabled>
              Proceed to payment
            </button>
          )}
        </aside>
      </div>
    </main>
  );
}
