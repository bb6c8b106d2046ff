import { useState } from "react";
import { DeliveryDatePicker } from "../checkout/delivery-date-picker";
import { formatNairaAmount } from "../../../lib/money";
import { paidViaChoices, settleChoices } from "../../../modules/orders/manual-order-schemas";
import { hoursInWords } from "../../../modules/orders/payment-choices";
import { Field } from "../forms/fields";
import { ChipChoices } from "./chip-choices";
import { PartPaymentBox } from "./payment-panel";
import { deskMethod, type DeskAnswer } from "./order-desk-state";
import { deliveryRowLabel } from "../../../modules/delivery/methods";

// Parts of the 'New order' screen (docs/product.md "Manual orders"): its sections, the total as the
// server priced it, and how the order is settled.

const settleLabels = { paid: "Paid", pay_link: "Send payment link", pod: "Pay on delivery" } as const;
const paidViaLabels = { transfer: "Transfer", cash: "Cash", pos: "POS" } as const;

/** How the order is settled; the money's fields show while 'Paid' (or nothing yet) is chosen. */
export function SettleSection({
  state,
  errors,
  total,
  busy,
  payLinkHours,
}: {
  state: DeskAnswer["state"];
  errors: Record<string, string>;
  total: number | null;
  busy: boolean;
  /** how long the shop's payment links work (Payments) */
  payLinkHours: number;
}) {
  const [settle, setSettle] = useState(state.settle);
  return (
    <DeskSection title="Settle">
      <ChipChoices
        legend="How is it paid?"
        name="settle"
        options={settleChoices}
        labels={settleLabels}
        value={state.settle}
        onChange={setSettle}
        error={errors.settle}
      />
      {settle === "paid" || !settle ? (
        <div className="grid gap-3" data-testid="paid-fields">
          <ChipChoices
            legend="How the money arrived"
            name="paidVia"
            options={paidViaChoices}
            labels={paidViaLabels}
            value={state.paidVia}
            error={errors.paidVia}
          />
          <Field
            label="Amount received (₦)"
            name="amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            defaultValue={state.amount}
            placeholder={total !== null ? String(total) : ""}
            error={errors.amount}
            hint="Blank: the total"
          />
          <Field
            label="Reference"
            name="reference"
            defaultValue={state.reference}
            maxLength={120}
            error={errors.reference}
            hint="Transfer narration or POS slip"
          />
          <PartPaymentBox checked={state.part === "on"} hint="a deposit: the order waits for the rest, recorded on its page" />
          <Field
            label="Rest due by"
            name="restDueOn"
            type="date"
            defaultValue={state.restDueOn}
            error={errors.restDueOn}
            hint="With a part payment: the day she agreed to pay the rest"
          />
        </div>
      ) : (
        <p className="text-sm text-muted">
          {settle === "pay_link"
            ? `She gets a link to pay online (mailed when she has an email, and ready to send on WhatsApp); the items are held ${hoursInWords(payLinkHours)}.`
            : "The rider collects the money; the items are held until then."}
        </p>
      )}
      <button type="submit" name="intent" value="create" className="btn-primary mt-2 w-full" disabled={busy}>
        {busy ? "Saving..." : total !== null ? `Create order · ${formatNairaAmount(total)}` : "Create order"}
      </button>
    </DeskSection>
  );
}

export function DeskSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3 rounded-2xl border border-line bg-linen p-4">
      <h2 className="text-lg">{title}</h2>
      {children}
    </section>
  );
}

export function DeskSummary({ quote }: { quote: DeskAnswer["quote"] }) {
  if (!quote) return <p className="text-sm text-muted">Add a product to see the total.</p>;
  const s = quote.summary;
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-3 py-0.5 text-sm ${strong ? "mt-1 border-t border-line pt-2 text-base font-bold" : ""}`}>
      <dt className={strong ? "" : "text-muted"}>{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
  return (
    <dl data-testid="desk-total">
      {row("Subtotal", formatNairaAmount(s.subtotal))}
      {s.code && s.code.saving !== null ? row(`Code ${s.code.code}`, `−${formatNairaAmount(s.code.saving)}`) : null}
      {row("VAT", formatNairaAmount(s.vat))}
      {row(deliveryRowLabel(s.deliveryMethod), s.deliveryCharge === null ? "Choose the area" : formatNairaAmount(s.deliveryCharge))}
      {s.deliverySlot
        ? row(
            `On ${s.deliverySlot.label}${s.deliverySlot.window ? `, ${s.deliverySlot.window}` : ""}`,
            s.deliverySlot.fee ? formatNairaAmount(s.deliverySlot.fee) : "No extra",
          )
        : null}
      {row(s.deliveryCharge === null ? "Total before delivery" : "Total", formatNairaAmount(s.total), true)}
    </dl>
  );
}

/**
 * The delivery date and window for the area, as the checkout offers them (the next 14 days, each one
 * that cannot be met greyed out with its reason): picking one prices the order again. Nothing for
 * an area that takes no dates. The radio buttons post with the form, so 'Update total' works too.
 */
export function DeskDeliveryDate({ answer, errors, onPick }: { answer: DeskAnswer; errors: Record<string, string>; onPick: () => void }) {
  const [slot, setSlot] = useState({ date: answer.state.deliveryDate, window: answer.state.deliveryWindow });
  if (!answer.delivery?.picker) return null;
  return (
    <div
      onChange={(e) => {
        if ((e.target as HTMLInputElement).type === "radio") onPick();
      }}
    >
      <DeliveryDatePicker
        delivery={answer.delivery}
        method={deskMethod(answer.state)}
        value={slot}
        errors={errors}
        onChange={(change) => setSlot((now) => ({ ...now, ...change }))}
      />
    </div>
  );
}
