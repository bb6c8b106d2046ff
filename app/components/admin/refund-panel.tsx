import { useIntentForm } from "../forms/intent-form";
import { formatNaira, formatNairaAmount, nairaToKobo } from "../../../lib/money";
import { splitRefund } from "../../../modules/orders/refund-split";
import { refundStateLabels } from "../../../modules/orders/refund-schemas";
import type { RefundSummary } from "../../../modules/orders/refunds.server";
import { moneyWhen, pillTone } from "./money-pills";
import { Field, FormMessage } from "../forms/fields";
import { useOwner } from "../../lib/back-office";

/** What staff see where the owner has a refund button. */
export const OwnerRefunds = () => <p className="text-sm text-muted">Only the shop owner can refund.</p>;

// docs/product.md "Refunds": the order's money (paid, refunded, on its way back, due), each refund
// and dispute, and the form that refunds part or all of it and puts chosen lines back in stock.
// Posts to the order page's action (intent refund), which calls the same service as the API.

const statusWords = { pending: "On its way", processed: "Refunded", failed: "Failed" } as const;
const statusStyle = { pending: pillTone.waiting, processed: pillTone.done, failed: pillTone.alarm } as const;

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-xl border border-line bg-cream px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-bold" data-testid={testId}>
        {formatNairaAmount(value)}
      </dd>
    </div>
  );
}

/** `deposit`: part payments of an order not paid yet (docs/product.md "Part payments"): not refunded here. */
export function RefundPanel({ money, deposit = 0, cancelled = false }: { money: RefundSummary; deposit?: number; cancelled?: boolean }) {
  // refunds are the owner's (modules/accounts/roles.ts)
  const owner = useOwner();
  if (!money.paid && !money.refunds.length)
    return (
      <p className="text-sm text-muted" data-testid="refund-none">
        {deposit > 0 && cancelled
          ? `The order was cancelled holding ${formatNairaAmount(deposit)} of part payments: each part is listed under Payments not applied to this order, to give back or keep if the shop recorded it, or to refund if it was chipped in online.`
          : deposit > 0
            ? `Only a part payment of ${formatNairaAmount(deposit)} has been received. If the order is cancelled, a part the shop recorded is given back by hand or kept as agreed; a part chipped in through its payment link is listed under Payments not applied to this order, to refund.`
            : "Nothing has been paid for this order yet."}
      </p>
    );
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">Refund status</span>
        <span className="rounded-full border border-line bg-cream px-2.5 py-0.5 text-xs font-bold" data-testid="refund-state">
          {refundStateLabels[money.state]}
        </span>
      </div>
      {money.due > 0 ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm font-semibold" data-testid="refund-due">
          Refund due: {formatNairaAmount(money.due)}. The money arrived after the order was cancelled.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Paid" value={money.paid} testId="money-paid" />
        <Figure label="Refunded" value={money.refunded} testId="money-refunded" />
        <Figure label="On its way back" value={money.pending} testId="money-pending" />
        <Figure label="Can be refunded" value={money.refundable} testId="money-refundable" />
      </dl>
      {money.ways.length > 1 ? <PaidInParts ways={money.ways} /> : null}
      {money.refunds.length ? (
        <ul className="divide-y divide-line text-sm" data-testid="refund-list">
          {money.refunds.map((r) => (
            <li key={r.id} className="py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{formatNairaAmount(r.amount)}</span>
                <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${statusStyle[r.status]}`}>
                  {statusWords[r.status]}
                </span>
              </div>
              <p className="text-muted">
                {moneyWhen(r.createdAt)} · {r.provider === "manual" ? "sent back by the shop" : r.provider}
                {r.payer ? ` · to ${r.payer}, who chipped in` : ""}
                {r.actorName ? ` · by ${r.actorName}` : ""} · <span className="break-all">{r.providerRefundId ?? r.reference}</span>
              </p>
              {r.restocked.length ? (
                <p className="text-muted">Back in stock: {r.restocked.map((l) => `${l.quantity} × ${l.title}`).join(", ")}</p>
              ) : null}
              {r.reason ? <p className="text-muted">Reason: {r.reason}</p> : null}
              {r.failureReason ? <p className="text-red-800">{r.failureReason}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {money.disputes.length ? (
        <ul className="text-sm" data-testid="dispute-list">
          {money.disputes.map((d) => (
            <li key={d.id} className="rounded-xl border border-red-300 bg-red-50 p-3">
              Disputed by the customer: {formatNairaAmount(d.amount)} · {d.status}
              {d.resolution ? ` · ${d.resolution}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {/* a new refund starts a fresh form: its amount is what is left now */}
      {money.refundable > 0 ? owner ? <RefundForm key={money.refunds.length} money={money} /> : <OwnerRefunds /> : null}
    </div>
  );
}

/** Where a refund of `naira` goes, as the server splits it (refund-split.ts), in the owner's words; null when it is more than can go back. */
function piecesOf(ways: RefundSummary["ways"], naira: number): string[] | null {
  const sources = ways.map((w, i) => ({ transaction: w.byHand ? null : String(i), kobo: nairaToKobo(w.refundable), payer: w.payer }));
  const pieces = splitRefund(sources, new Map(), nairaToKobo(naira));
  return (
    pieces?.map(
      (p) =>
        `${formatNaira(p.kobo)} ${p.transaction === null ? "by hand, from the shop" : p.payer ? `online, to ${p.payer}, who chipped in` : "online, to the last payment"}`,
    ) ?? null
  );
}

/** An order paid several ways (docs/product.md "Refunds"): what each took, and the order a refund gives back in. */
function PaidInParts({ ways }: { ways: RefundSummary["ways"] }) {
  return (
    <div className="text-sm" data-testid="refund-ways">
      <p className="text-muted">
        Paid in parts. A refund goes back the way the money came:{" "}
        {ways.some((w) => w.byHand) ? "what the shop received itself first, by hand, then " : ""}each payment made online, the latest first,
        to whoever made it.
      </p>
      <ul className="mt-1 grid gap-1">
        {ways.map((w, i) => (
          <li key={i}>
            <span className="font-semibold">{formatNairaAmount(w.amount)}</span>{" "}
            {w.byHand
              ? "received by the shop (transfer, cash or POS)"
              : w.payer
                ? `paid online by ${w.payer}, who chipped in`
                : "paid online"}
            <span className="text-muted"> · {formatNairaAmount(w.refundable)} can go back</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RefundForm({ money }: { money: RefundSummary }) {
  const { fetcher, answer, busy, start } = useIntentForm("refund");
  const errors = answer?.fields ?? {};
  // the amount she typed stays when a plain post (no script yet) is refused: never the full refundable amount again
  const { text } = start;
  const lines = money.canRestock ? money.lines.filter((l) => l.quantity > l.restocked) : [];
  return (
    <fetcher.Form
      method="post"
      className="grid gap-3 rounded-xl border border-line bg-cream p-3 sm:grid-cols-2"
      data-testid="refund-form"
      onSubmit={(e) => {
        const typed = String(new FormData(e.currentTarget).get("amount") ?? "");
        const number = typed.trim() !== "" && Number.isFinite(Number(typed)) ? Number(typed) : null;
        const amount = number !== null ? formatNairaAmount(number) : `₦${typed}`;
        const pieces = number !== null && money.ways.length > 1 ? piecesOf(money.ways, number) : null;
        const question = pieces
          ? `Refund ${amount}? This cannot be undone. It goes back the way it was paid:\n${pieces.join("\n")}`
          : `Refund ${amount} to the customer? This cannot be undone.`;
        if (!window.confirm(question)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="refund" />
      <p className="text-sm font-semibold sm:col-span-2">Refund the customer</p>
      <Field
        label="Amount (₦)"
        name="amount"
        type="number"
        step="0.01"
        min={0.01}
        max={money.refundable}
        defaultValue={text("amount", String(money.due > 0 ? money.due : money.refundable))}
        hint={`At most ${formatNairaAmount(money.refundable)}`}
        error={errors.amount}
      />
      <Field
        label="Reason (optional)"
        name="reason"
        maxLength={500}
        defaultValue={text("reason", "")}
        error={errors.reason}
        hint="For the shop's records"
      />
      {lines.length ? (
        <fieldset className="sm:col-span-2">
          <legend className="label">Put back in stock</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {lines.map((l) => (
              <Field
                key={l.id}
                label={`${l.title} (${l.quantity - l.restocked} can go back)`}
                name={`restock_${l.id}`}
                type="number"
                min={0}
                max={l.quantity - l.restocked}
                step={1}
                defaultValue={text(`restock_${l.id}`, "0")}
                error={errors[`restock_${l.id}`]}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="sm:col-span-2">
        <FormMessage tone="error">{fetcher.data && !fetcher.data.ok && !Object.keys(errors).length ? fetcher.data.msg : null}</FormMessage>
        <button type="submit" className="btn-primary min-h-10 py-2" disabled={busy} data-testid="refund-submit">
          {busy ? "Refunding..." : "Refund"}
        </button>
      </div>
    </fetcher.Form>
  );
}
