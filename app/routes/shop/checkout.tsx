import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DeliveryAreaSelect } from "../../components/cart/delivery-area-select";
import { OrderSummary } from "../../components/cart/order-summary";
import { appContext } from "../../context";
import { postJson } from "../../lib/api-client";
import { sendJson } from "../../lib/api-client";
import { chosenDeliveryArea, rememberDeliveryArea } from "../../lib/delivery-area";
import { requireUserPage } from "../../lib/guards.server";
import { loadPaystackScript, openPaystackPopup } from "../../lib/paystack-popup";
import { publicEnv } from "../../../lib/env.server";
import { formatNairaAmount } from "../../../lib/money";
import { cartSummary } from "../../../modules/cart/service.server";
import type { CartItemView, CartSummary } from "../../../modules/cart/types";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import { checkoutDefaults } from "../../../modules/orders/checkout-form.server";
import { checkoutInput } from "../../../modules/orders/schemas";
import type { Route } from "./+types/checkout";

export function meta() {
  return [{ title: "Checkout | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUserPage(context, request);
  const { db, env, logger } = context.get(appContext);
  // the area chosen in the cart, else the profile's (if the shop delivers there), else none yet
  const [areas, defaults] = await Promise.all([deliveryAreaNames(db), checkoutDefaults(db, user.id, chosenDeliveryArea(request))]);
  // priced with the LGA the form shows, as the order will be (pricingLga)
  const { items, summary } = await cartSummary(db, user.id, {
    deliveryMethod: "standard",
    ...(defaults.lga ? { lga: defaults.lga } : {}),
    onRatesError: (err) => logger.error({ err }, "delivery rates failed"),
  });
  const pay = publicEnv(env);
  return { items, summary, areas, defaults, email: user.email, popup: pay.paymentProvider === "paystack" && pay.paystackMode === "popup" };
}

const paymentMessages: Record<string, string> = {
  cancelled: "Payment cancelled. Your cart is still here: you can try again when you are ready.",
  failed: "The payment did not go through and you were not charged. Your cart is still here: please try again.",
};

type Fields = Partial<Record<"street" | "city" | "state" | "phone" | "lga", string>>;
type Started = { reference: string; authorizationUrl: string; accessCode?: string };

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { items, areas, defaults, popup } = loaderData;
  const [params] = useSearchParams();
  const [summary, setSummary] = useState<CartSummary | null>(loaderData.summary);
  const [method, setMethod] = useState<"standard" | "express">("standard");
  const [lga, setLga] = useState(defaults.lga);
  const [fieldErrors, setFieldErrors] = useState<Fields>({});
  const [error, setError] = useState<string | null>(params.get("payment") ? (paymentMessages[params.get("payment")!] ?? null) : null);
  const [processing, setProcessing] = useState(false);
  const [deliveryError, setDeliveryError] = useState(false);
  // one key per attempt: a double click or a retried request never makes a second order
  const attemptKey = useRef<string | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // no area yet: nothing to price for delivery
    if (!lga) return;
    let live = true;
    void sendJson<{ items: CartItemView[]; summary: CartSummary }>(
      "GET",
      `/api/cart/summary?deliveryMethod=${method}&lga=${encodeURIComponent(lga)}`,
    ).then((res) => {
      if (!live) return;
      setDeliveryError(!res.ok);
      if (res.ok) setSummary(res.data.summary);
    });
    return () => {
      live = false;
    };
  }, [method, lga]);

  async function pay(form: HTMLFormElement) {
    setError(null);
    const data = Object.fromEntries(new FormData(form));
    const parsed = checkoutInput.safeParse({ ...data, deliveryMethod: method, lga });
    if (!parsed.success) {
      const errs: Fields = {};
      for (const issue of parsed.error.issues) errs[issue.path[0] as keyof Fields] ??= issue.message;
      setFieldErrors(errs);
      return;
    }
    setFieldErrors({});
    setProcessing(true);
    try {
      if (popup) await loadPaystackScript();
      attemptKey.current ??= crypto.randomUUID();
      const res = await postJson<Started>("/api/purchases/create", parsed.data, {
        headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": attemptKey.current },
      });
      if (!res.ok) {
        attemptKey.current = null;
        if (res.error.fields) setFieldErrors(res.error.fields as Fields);
        setError(res.error.msg);
        setProcessing(false);
        return;
      }
      const { reference, authorizationUrl, accessCode } = res.data;
      if (popup && accessCode) {
        const complete = `/checkout/complete?reference=${encodeURIComponent(reference)}`;
        const outcome = await openPaystackPopup(accessCode).catch(() => "error" as const);
        if (outcome === "success") return window.location.assign(complete);
        // closed or failed without paying: cancel now (the stock goes back, the cart stays)
        // rather than holding the stock for the 30-minute payment window
        const cancelled = await postJson<{ purchase: { status: string } }>("/api/purchases/cancel", { reference });
        // the provider says it was paid after all
        if (cancelled.ok && cancelled.data.purchase.status === "completed") return window.location.assign(complete);
        attemptKey.current = null;
        setError(paymentMessages[outcome === "cancel" ? "cancelled" : "failed"]!);
        setProcessing(false);
        return;
      }
      // the provider's hosted page; it sends the shopper back to /checkout/complete
      window.location.assign(authorizationUrl);
    } catch (e) {
      attemptKey.current = null;
      setError(e instanceof Error ? e.message : "Something went wrong. Please try again.");
      setProcessing(false);
    }
  }

  const empty = items.length === 0;
  const field = (name: keyof Fields, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <label htmlFor={`checkout-${name}`} className="label">
        {label}
      </label>
      <input
        id={`checkout-${name}`}
        name={name}
        className="input"
        required
        defaultValue={defaults[name]}
        aria-invalid={!!fieldErrors[name]}
        aria-describedby={fieldErrors[name] ? `checkout-${name}-error` : undefined}
        {...props}
      />
      {fieldErrors[name] ? (
        <p id={`checkout-${name}-error`} className="mt-1 text-sm text-rose">
          {fieldErrors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <main id="main" className="container-page py-8">
      <Link to="/cart" className="btn-outline !min-h-10 !px-4 !py-1.5 text-sm">
        <ArrowLeft size={16} aria-hidden="true" /> Back
      </Link>
      <h1 className="mt-4 text-3xl">Checkout</h1>
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-rose/40 bg-blush p-3 text-sm font-semibold text-rose-dark"
          data-testid="checkout-error"
        >
          {error}
        </p>
      ) : null}
      <form
        noValidate
        className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]"
        onSubmit={(e) => {
          e.preventDefault();
          void pay(e.currentTarget);
        }}
      >
        <div className="space-y-6">
          <fieldset className="rounded-2xl border border-line bg-linen p-5">
            <legend className="px-1 text-lg font-bold">Delivery method</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {(
                [
                  ["standard", "Standard", "3–5 days"],
                  ["express", "Express", "1–2 days"],
                ] as const
              ).map(([value, label, days]) => (
                <label
                  key={value}
                  className={`flex cursor-pointer items-center gap-3 rounded-xl border p-3 ${method === value ? "border-rose bg-blush" : "border-line"}`}
                >
                  <input
                    type="radio"
                    name="deliveryMethod"
                    value={value}
                    checked={method === value}
                    onChange={() => setMethod(value)}
                    className="h-5 w-5 accent-rose"
                  />
                  <span>
                    <span className="font-semibold">{label}</span> <span className="text-sm text-muted">({days})</span>
                    {summary?.deliveryOptions && !deliveryError ? (
                      <span className="font-semibold"> {formatNairaAmount(summary.deliveryOptions[value])}</span>
                    ) : null}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="rounded-2xl border border-line bg-linen p-5">
            <legend className="px-1 text-lg font-bold">Delivery address</legend>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">{field("street", "Street", { autoComplete: "street-address" })}</div>
              {field("city", "City", { autoComplete: "address-level2" })}
              {field("state", "State", { autoComplete: "address-level1" })}
              {field("phone", "Phone", { type: "tel", autoComplete: "tel", inputMode: "tel" })}
              <DeliveryAreaSelect
                id="checkout-lga"
                label="Local Government Area"
                areas={areas}
                value={lga}
                error={fieldErrors.lga}
                onChange={(value) => {
                  rememberDeliveryArea(value);
                  setLga(value);
                }}
              />
            </div>
          </fieldset>
        </div>
        <aside aria-labelledby="checkout-summary" className="h-fit rounded-2xl border border-line bg-linen p-5">
          <h2 id="checkout-summary" className="text-xl">
            Order summary
          </h2>
          {empty ? (
            <p className="mt-3 text-sm text-muted">
              Your cart is empty.{" "}
              <Link to="/products" className="font-semibold text-rose underline">
                Browse the shop
              </Link>
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-line text-sm">
              {items.map((i) => (
                <li key={i.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {i.quantity} × {i.title}
                  </span>
                  <span className="font-semibold">{formatNairaAmount(i.totalPrice)}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3">
            <OrderSummary summary={summary} deliveryError={deliveryError} />
          </div>
          <button type="submit" className="btn-primary mt-5 w-full" disabled={processing || empty} aria-busy={processing}>
            {processing
              ? "Processing..."
              : summary && !empty && !deliveryError && summary.deliveryCharge !== null
                ? `Pay ${formatNairaAmount(summary.total)}`
                : "Pay"}
          </button>
          <p className="mt-3 text-xs text-muted">You pay securely in naira on the payment page, then come back here.</p>
        </aside>
      </form>
    </main>
  );
}
