import { useIntentForm } from "../forms/intent-form";
import { shortDay } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import { paymentMethodLabels } from "../../../modules/orders/statuses";
import { notCollected } from "../../../modules/orders/pickup";
import type { PurchaseDetail } from "../../../modules/orders/types";
import { Field, FormMessage } from "../forms/fields";
import { ByHandMethodField } from "./by-hand-method";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "Africa/Lagos" });
const paidWords = { provider: "Paid online", transfer: "Bank transfer received", cash: "Cash received", pos: "POS payment received" };

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-semibold">{value}</dd>
    </div>
  );
}

/**
 * Payment Information (docs/product.md "Paying"): how she chose to pay and what arrived. For an
 * unpaid order, the owner records the money she received herself (a transfer into the shop's
 * account, the rider's cash, transfer or POS); a pay-on-delivery order on its way can be marked
 * refused at the door. Both post to the order page's action.
 */
export function PaymentPanel({ p }: { p: PurchaseDetail }) {
  const unpaid = !p.paidAt && p.status !== "failed";
  const onItsWay = p.paymentMethod === "pod" && ["pending", "processing", "shipped"].includes(p.status);
  return (
    <div>
      <dl>
        <Row label="How she pays" value={paymentMethodLabels[p.paymentMethod]} />
        {p.paymentMethod === "online" || p.paymentMethod === "pay_link" ? (
          <>
            <Row label="Provider" value={<span className="capitalize">{p.paymentProvider}</span>} />
            <Row label="Reference" value={<span className="break-all">{p.reference}</span>} />
            <Row label="Transaction ID" value={p.transactionId ?? "N/A"} />
          </>
        ) : null}
        <Row
          label="Paid"
          value={
            p.paidAt
              ? `${paidWords[p.paidVia ?? "provider"]} · ${when(p.paidAt)}`
              : p.expiresAt && p.status === "pending"
                ? `Not yet · held until ${when(p.expiresAt)}`
                : p.deposit > 0
                  ? "Part paid"
                  : "Not paid"
          }
        />
        {p.deposit > 0 ? (
          <Row label="Part payments received" value={<span data-testid="deposit">{formatNairaAmount(p.deposit)}</span>} />
        ) : null}
        {p.deposit > 0 && !p.paidAt && p.status !== "cancelled" ? (
          <Row label="Left to pay" value={<span data-testid="left-to-pay">{formatNairaAmount(p.leftToPay)}</span>} />
        ) : null}
        {p.restDueOn ? (
          <Row
            label="Rest due by"
            value={
              <span data-testid="rest-due" className={p.restOverdue ? "text-rose-dark" : ""}>
                {shortDay(p.restDueOn)}
                {p.restOverdue ? " · overdue" : ""}
              </span>
            }
          />
        ) : null}
        {p.transferSent && unpaid && p.status !== "cancelled" ? (
          <Row
            label="She says she sent"
            value={
              <span data-testid="transfer-sent" className="text-rose-dark">
                {formatNairaAmount(p.transferSent.amount)} from {p.transferSent.from} · {when(p.transferSent.at)}
                {p.transferSent.receipt ? (
                  <>
                    {" · "}
                    <a
                      href={`/transferreceipt/${p.id}`}
                      target="_blank"
                      rel="noopener"
                      className="font-semibold underline"
                      data-testid="transfer-receipt-link"
                    >
                      See her receipt
                    </a>
                  </>
                ) : null}
              </span>
            }
          />
        ) : null}
        {p.paidAmount !== null && p.paidAmount !== p.totalAmount ? (
          <Row label="Amount received" value={formatNairaAmount(p.paidAmount)} />
        ) : null}
        {p.paymentNote ? <Row label="Payment reference" value={<span className="break-all">{p.paymentNote}</span>} /> : null}
        {p.paymentMethod === "pod" ? (
          <Row
            label={
              p.deliveryMethod === "pickup" ? "Orders refused or not collected by this customer" : "Deliveries refused by this customer"
            }
            value={<span data-testid="refused-count">{p.refusedDeliveries}</span>}
          />
        ) : null}
      </dl>
      {p.deposit > 0 && unpaid && p.status !== "cancelled" ? <RestDueDay p={p} /> : null}
      {unpaid && p.status !== "cancelled" ? <RecordPayment p={p} /> : null}
      {onItsWay && !p.paidAt ? <RefusedDelivery pickup={p.deliveryMethod === "pickup"} /> : null}
    </div>
  );
}

function RecordPayment({ p }: { p: PurchaseDetail }) {
  const { fetcher, answer, busy, start } = useIntentForm("payment");
  const errors = answer?.fields ?? {};
  const { text, ticked } = start;
  return (
    <fetcher.Form
      // after a part payment, the amount starts again at what is left
      key={p.leftToPay}
      method="post"
      className="mt-4 grid gap-3 rounded-xl border border-line bg-cream p-3 sm:grid-cols-3"
      data-testid="record-payment"
    >
      <input type="hidden" name="intent" value="payment" />
      <p className="text-sm font-semibold sm:col-span-3">Record money the shop received</p>
      <ByHandMethodField
        label="How it arrived"
        defaultValue={text("method", p.paymentMethod === "pod" ? "cash" : "transfer")}
        error={errors.method}
      />
      <Field
        label="Amount (₦)"
        name="amount"
        type="number"
        step="0.01"
        min={0}
        defaultValue={text("amount", String(p.leftToPay))}
        error={errors.amount}
      />
      <Field
        label="Reference"
        name="reference"
        maxLength={120}
        defaultValue={text("reference", "")}
        error={errors.reference}
        hint="Narration or POS slip"
      />
      {p.paymentMethod !== "online" ? (
        <>
          <PartPaymentBox
            checked={ticked("part", false)}
            hint={`a deposit: less than ${formatNairaAmount(p.leftToPay)}; the order waits for the rest`}
            className="sm:col-span-2"
          />
          <Field
            label="Rest due by"
            name="restDueOn"
            type="date"
            // blank keeps the day agreed before: the rest, recorded without the tick, sends none
            defaultValue={text("restDueOn", "")}
            error={errors.restDueOn}
            hint={`With a part payment: the day she agreed to pay the rest${p.restDueOn ? ` (blank: still ${shortDay(p.restDueOn)})` : ""}`}
          />
        </>
      ) : null}
      <div className="sm:col-span-3">
        <FormMessage tone="error">{fetcher.data && !fetcher.data.ok && !Object.keys(errors).length ? fetcher.data.msg : null}</FormMessage>
        <button type="submit" className="btn-primary min-h-10 py-2" disabled={busy}>
          {busy ? "Saving..." : "Record payment"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** A new day agreed for the rest of a part-paid order, without money (docs/product.md "Part payments"); blank: no day. */
function RestDueDay({ p }: { p: PurchaseDetail }) {
  const { fetcher, answer, busy, start } = useIntentForm("rest-due");
  const errors = answer?.fields ?? {};
  return (
    <fetcher.Form
      // once saved, the field starts again at the order's day
      key={p.restDueOn ?? "none"}
      method="post"
      className="mt-4 flex flex-wrap items-end gap-2 rounded-xl border border-line p-3"
      data-testid="rest-due-form"
    >
      <input type="hidden" name="intent" value="rest-due" />
      <div className="min-w-0 flex-1">
        <Field
          label="Day for the rest"
          name="restDueOn"
          type="date"
          defaultValue={start.text("restDueOn", p.restDueOn ?? "")}
          error={errors.restDueOn}
          hint="A new day agreed with her, with no money yet: she is told it. Blank: no day agreed."
        />
      </div>
      <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy}>
        {busy ? "Saving..." : "Save the day"}
      </button>
      <FormMessage tone="error">{fetcher.data && !fetcher.data.ok && !Object.keys(errors).length ? fetcher.data.msg : null}</FormMessage>
    </fetcher.Form>
  );
}

/** The tick that records money as a part payment (docs/product.md "Part payments"): the order page's form and the order desk's. */
export function PartPaymentBox({ checked, hint, className = "" }: { checked: boolean; hint: string; className?: string }) {
  return (
    <label className={`flex items-start gap-2 text-sm ${className}`}>
      <input type="checkbox" name="part" defaultChecked={checked} className="mt-1" />
      <span>
        <span className="font-semibold">Part payment</span> <span className="text-muted">({hint})</span>
      </span>
    </label>
  );
}

/** Refused at the door; for a pick-up (docs/product.md "Pick-up"), never collected. */
function RefusedDelivery({ pickup }: { pickup: boolean }) {
  const { fetcher, busy, start } = useIntentForm("refused");
  const { text } = start;
  return (
    <fetcher.Form
      method="post"
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        const ask = pickup ? notCollected.confirm : "Mark the delivery refused? The order is cancelled and its items go back into stock.";
        if (!window.confirm(ask)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="refused" />
      <Field label="Why (optional)" name="note" maxLength={500} defaultValue={text("note", "")} className="min-w-48 flex-1" />
      <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy}>
        {pickup ? notCollected.action : "Delivery refused"}
      </button>
    </fetcher.Form>
  );
}
