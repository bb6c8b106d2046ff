import { formatNairaAmount, formatUsd, nairaToKobo } from "../../../lib/money";
import type { CartSummary } from "../../../modules/cart/types";

export type Currency = "NGN" | "USD";

/** docs/product.md §9: USD is naira × the display rate, 2 decimals; payment is always in naira. */
export function displayAmount(naira: number, currency: Currency, usdRate: number): string {
  return currency === "USD" ? formatUsd(nairaToKobo(naira), usdRate) : formatNairaAmount(naira);
}

type Props = {
  summary: CartSummary | null;
  currency?: Currency;
  /** the summary could not be (re)loaded: docs/product.md §8 shows 'Error loading delivery charge' in place of the charge */
  deliveryError?: boolean;
  children?: React.ReactNode;
};

/** Subtotal, VAT, delivery and total, as priced by the server. */
export function OrderSummary({ summary, currency = "NGN", deliveryError = false, children }: Props) {
  const show = (n: number | null | undefined) => (summary && n != null ? displayAmount(n, currency, summary.usdRate) : "—");
  // no delivery area chosen yet: nothing is charged for delivery until she picks one
  const areaNeeded = !deliveryError && !!summary?.areaNeeded;
  // the server priced everything but the delivery (no area yet, or its rates failed): its total is subtotal + VAT, said so
  const beforeDelivery = !deliveryError && summary?.deliveryCharge === null;
  const vatPercent = summary ? `${+(summary.vatRate * 100).toFixed(2)}%` : "";
  // collected at the shop (docs/product.md "Pick-up"): nothing to deliver, nothing to pay for it
  const pickup = summary?.deliveryMethod === "pickup";
  return (
    <dl className="space-y-2 text-sm" data-testid="order-summary">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd data-testid="summary-subtotal">{show(summary?.subtotal)}</dd>
      </div>
      {summary && summary.discount > 0 ? (
        <div className="flex justify-between gap-4 text-sage">
          <dt>You save</dt>
          <dd>{show(summary.discount)}</dd>
        </div>
      ) : null}
      {summary?.code ? <CodeRow code={summary.code} show={show} /> : null}
      <div className="flex justify-between gap-4">
        <dt>VAT {vatPercent && `(${vatPercent})`}</dt>
        <dd data-testid="summary-vat">{show(summary?.vat)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>
          {pickup ? "Pick-up" : "Delivery charge"}
          {summary?.matchedLga && !deliveryError && !pickup ? <span className="text-muted"> ({summary.matchedLga})</span> : null}
        </dt>
        <dd data-testid="summary-delivery">
          {pickup ? (
            <span className="font-semibold text-sage">Free</span>
          ) : areaNeeded ? (
            <span className="text-muted">Choose your area</span>
          ) : deliveryError || beforeDelivery ? (
            <span className="text-rose">Error loading delivery charge</span>
          ) : summary?.freeDelivery ? (
            <span className="font-semibold text-sage">Free</span>
          ) : (
            show(summary?.deliveryCharge)
          )}
        </dd>
      </div>
      <FreeDeliveryHint summary={summary} show={show} hidden={deliveryError || areaNeeded} />
      {summary?.deliverySlot ? (
        <div className="flex justify-between gap-4" data-testid="summary-delivery-date">
          <dt>
            Delivery on {summary.deliverySlot.label}
            {summary.deliverySlot.window ? <span className="text-muted">, {summary.deliverySlot.window}</span> : null}
          </dt>
          <dd>{summary.deliverySlot.fee ? show(summary.deliverySlot.fee) : "No extra"}</dd>
        </div>
      ) : null}
      {children}
      <div className="flex justify-between gap-4 border-t border-line pt-3 text-base font-bold">
        <dt>{beforeDelivery ? "Total before delivery" : "Total"}</dt>
        <dd data-testid="summary-total">{deliveryError ? "—" : show(summary?.total)}</dd>
      </div>
    </dl>
  );
}

type Show = (n: number | null | undefined) => string;

/** docs/product.md "Discount codes": the code and what it takes off, or why it does not apply. */
function CodeRow({ code, show }: { code: NonNullable<CartSummary["code"]>; show: Show }) {
  if (code.message)
    return (
      <div className="[&>dt]:font-semibold" data-testid="summary-code">
        <dt>Code {code.code}</dt>
        <dd className="text-rose" data-testid="summary-code-message">
          {code.message}
        </dd>
      </div>
    );
  const label = code.kind === "free_delivery" ? `Code ${code.code} (free delivery)` : `Code ${code.code}`;
  return (
    <div className="flex justify-between gap-4 font-semibold text-sage" data-testid="summary-code">
      <dt>{label}</dt>
      <dd data-testid="summary-code-saving">{code.saving === null ? "Free delivery" : `−${show(code.saving)}`}</dd>
    </div>
  );
}

/** docs/product.md "Free delivery": how much more the goods need for free delivery, while there is something to add. */
function FreeDeliveryHint({ summary, show, hidden }: { summary: CartSummary | null; show: Show; hidden: boolean }) {
  if (hidden || !summary?.freeDeliveryAbove || summary.freeDelivery || !summary.deliveryCharge) return null;
  const goodsOff = summary.code && !summary.code.message && summary.code.kind !== "free_delivery" ? (summary.code.saving ?? 0) : 0;
  const short = nairaToKobo(summary.freeDeliveryAbove) - nairaToKobo(summary.subtotal) + nairaToKobo(goodsOff);
  if (short <= 0) return null;
  return (
    <div className="text-xs text-muted" data-testid="free-delivery-hint">
      <dt className="sr-only">Free delivery</dt>
      <dd>
        Add {show(short / 100)} more for free delivery (from {show(summary.freeDeliveryAbove)}).
      </dd>
    </div>
  );
}
