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
      <div className="flex justify-between gap-4">
        <dt>VAT {vatPercent && `(${vatPercent})`}</dt>
        <dd data-testid="summary-vat">{show(summary?.vat)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>
          Delivery charge
          {summary?.matchedLga && !deliveryError ? <span className="text-muted"> ({summary.matchedLga})</span> : null}
        </dt>
        <dd data-testid="summary-delivery">
          {areaNeeded ? (
            <span className="text-muted">Choose your area</span>
          ) : deliveryError || beforeDelivery ? (
            <span className="text-rose">Error loading delivery charge</span>
          ) : (
            show(summary?.deliveryCharge)
          )}
        </dd>
      </div>
      {children}
      <div className="flex justify-between gap-4 border-t border-line pt-3 text-base font-bold">
        <dt>{beforeDelivery ? "Total before delivery" : "Total"}</dt>
        <dd data-testid="summary-total">{deliveryError ? "—" : show(summary?.total)}</dd>
      </div>
    </dl>
  );
}
