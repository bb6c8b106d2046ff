import { formatNairaAmount } from "../../../lib/money";
import { deliverySpeeds } from "../../../modules/delivery/methods";
import type { DeliveryMethod, DeliverySpeed } from "../../../modules/delivery/types";
import { pickupPlaces, type PickupPoint } from "../../../modules/settings/pickup-points";
import type { PaymentChoice } from "../../../modules/orders/payment-choices";
import type { CheckoutPaymentMethod } from "../../../modules/orders/schemas";
import { ChoiceCard } from "./choice-card";

type Method = DeliveryMethod;
const speeds = Object.entries(deliverySpeeds) as [DeliverySpeed, { name: string; days: string }][];

/**
 * How fast, each with its price for her area (docs/product.md §9), and collecting it at the shop
 * for free when the shop offers it (`pickup`, its points; docs/product.md "Pick-up"): with two
 * points, which one she collects from (`point`), chosen by her, never by the page.
 */
export function DeliveryChoices({
  method,
  prices,
  pickup,
  point,
  pointError,
  onChange,
  onPoint,
}: {
  method: Method;
  prices: Record<DeliverySpeed, number> | null;
  pickup: PickupPoint[];
  point: number | null;
  pointError?: string;
  onChange: (method: Method) => void;
  onPoint: (point: number) => void;
}) {
  const only = pickup.length === 1 ? pickup[0]! : null;
  return (
    <fieldset className="rounded-2xl border border-line bg-linen p-4 sm:p-5">
      <legend className="px-1 text-lg font-bold">Delivery</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {speeds.map(([value, { name: label, days }]) => (
          <ChoiceCard
            key={value}
            name="deliveryMethod"
            value={value}
            checked={method === value}
            onChange={() => onChange(value)}
            title={
              <>
                {label}
                {prices ? ` · ${formatNairaAmount(prices[value])}` : ""}
              </>
            }
            detail={days}
          />
        ))}
        {pickup.length ? (
          <ChoiceCard
            testId="pickup-choice"
            name="deliveryMethod"
            value="pickup"
            checked={method === "pickup"}
            onChange={() => onChange("pickup")}
            title="Pick-up · Free"
            detail={only ? pointWords(only) : `At ${pickupPlaces(pickup)}`}
          />
        ) : null}
      </div>
      {method === "pickup" && pickup.length > 1 ? (
        <fieldset className="mt-4" aria-describedby={pointError ? "pickup-point-error" : undefined} data-testid="pickup-points">
          <legend className="font-semibold">Where will you collect it?</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {pickup.map((p) => (
              <ChoiceCard
                key={p.number}
                testId={`pickup-point-${p.number}`}
                name="pickupPoint"
                value={String(p.number)}
                checked={point === p.number}
                onChange={() => onPoint(p.number)}
                title={p.address}
                detail={p.hours}
              />
            ))}
          </div>
          {pointError ? (
            <p id="pickup-point-error" className="mt-2 text-sm font-semibold text-rose-dark">
              {pointError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

const pointWords = (p: PickupPoint) => (p.hours ? `${p.address} · ${p.hours}` : p.address);

/** How she can pay, shown before she pays (docs/product.md "Paying"); a choice not on offer says why. */
export function PaymentChoices({
  choices,
  chosen,
  onChange,
  error,
  transfer,
}: {
  choices: PaymentChoice[];
  chosen: CheckoutPaymentMethod;
  onChange: (method: CheckoutPaymentMethod) => void;
  error?: string;
  transfer: { bankName: string; hours: number } | null;
}) {
  return (
    <fieldset className="rounded-2xl border border-line bg-linen p-4 sm:p-5" aria-describedby={error ? "payment-error" : undefined}>
      <legend className="px-1 text-lg font-bold">How would you like to pay?</legend>
      <div className="mt-2 grid gap-3" data-testid="payment-choices">
        {choices.map((c) => (
          <ChoiceCard
            key={c.method}
            testId={`pay-${c.method}`}
            name="paymentMethod"
            value={c.method}
            checked={chosen === c.method}
            onChange={() => onChange(c.method)}
            title={c.label}
            detail={c.detail}
            unavailable={c.unavailable}
          />
        ))}
      </div>
      {error ? (
        <p id="payment-error" className="mt-2 text-sm font-semibold text-rose-dark">
          {error}
        </p>
      ) : null}
      {chosen === "transfer" && transfer ? (
        <p className="mt-3 text-sm text-muted">
          After you place the order we show our {transfer.bankName} account and a reference. We hold your items for {transfer.hours} hours.
        </p>
      ) : null}
    </fieldset>
  );
}
