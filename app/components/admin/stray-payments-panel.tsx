import { useFetcher } from "react-router";
import { formatNairaAmount } from "../../../lib/money";
import type { StrayPaymentView } from "../../../modules/orders/stray-refunds.server";
import { useBusy, type FormResult } from "../../lib/forms";
import { useToastAnswer } from "../toasts";
import { moneyWhen, pillTone } from "./money-pills";
import { OwnerRefunds } from "./refund-panel";
import { useOwner } from "../../lib/back-office";

// docs/product.md "Paying": payments the provider took that this order could not take (paid twice,
// another amount, a closed order). Each is refunded whole, by its own transaction, never from the
// order's own money. Posts to the order page's action (intent refund-stray), which calls the same
// service as the API.

const statusWords = { refund_needed: "Refund needed", refund_pending: "Refund on its way", refunded: "Refunded" } as const;
const statusStyle = { refund_needed: pillTone.alarm, refund_pending: pillTone.waiting, refunded: pillTone.done } as const;

export function StrayPaymentsPanel({ payments }: { payments: StrayPaymentView[] }) {
  if (!payments.length) return null;
  return (
    <div className="grid gap-2" data-testid="stray-payments">
      <h3 className="text-sm font-semibold">Payments not applied to this order</h3>
      <ul className="grid gap-2 text-sm">
        {payments.map((s) => (
          <StrayPayment key={s.id} s={s} />
        ))}
      </ul>
    </div>
  );
}

function StrayPayment({ s }: { s: StrayPaymentView }) {
  const owner = useOwner();
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  useToastAnswer(fetcher.data);
  const amount = formatNairaAmount(s.amount);
  return (
    <li className="rounded-xl border border-line bg-cream p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {amount}
          {s.currency !== "NGN" ? ` (${s.currency})` : ""}
        </span>
        <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${statusStyle[s.status]}`}>{statusWords[s.status]}</span>
      </div>
      <p className="text-muted">
        {moneyWhen(s.createdAt)} · {s.provider} · transaction <span className="break-all">{s.transactionId ?? s.reference}</span>
      </p>
      <p className="text-muted">Not applied: {s.reason}.</p>
      {s.refundedAt ? (
        <p className="text-muted">
          Refunded {moneyWhen(s.refundedAt)}
          {s.actorName ? ` · by ${s.actorName}` : ""}
        </p>
      ) : null}
      {s.status === "refund_needed" && !owner ? <OwnerRefunds /> : null}
      {s.status === "refund_needed" && owner ? (
        <fetcher.Form
          method="post"
          className="mt-2"
          onSubmit={(e) => {
            if (!window.confirm(`Refund ${amount} to the customer? This cannot be undone.`)) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="refund-stray" />
          <input type="hidden" name="strayId" value={s.id} />
          <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy} data-testid="stray-refund">
            {busy ? "Refunding..." : "Refund this payment"}
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
