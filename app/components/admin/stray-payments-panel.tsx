import { useFetcher } from "react-router";
import { formatNairaAmount } from "../../../lib/money";
import type { StrayPaymentView } from "../../../modules/orders/stray-refunds.server";
import { useBusy, type FormResult } from "../../lib/forms";
import { Field } from "../forms/fields";
import { ByHandMethodField } from "./by-hand-method";
import { byHandWords } from "../../../modules/orders/statuses";
import { useIntentForm } from "../forms/intent-form";
import { useToastAnswer } from "../toasts";
import { moneyWhen, pillTone } from "./money-pills";
import { OwnerRefunds } from "./refund-panel";
import { useOwner } from "../../lib/back-office";

// docs/product.md "Paying": payments the provider took that this order could not take (paid twice,
// another amount, a closed order). Each is refunded whole, by its own transaction, never from the
// order's own money. Posts to the order page's action (intent refund-stray), which calls the same
// service as the API. A part payment the shop recorded itself on the order it then cancelled is
// one too (docs/product.md "Part payments"): the owner records it given back by hand, or kept as
// agreed (intent settle-part).

type Status = StrayPaymentView["status"];
const statusWords: Record<Status, string> = {
  refund_needed: "Refund needed",
  refund_pending: "Refund on its way",
  refunded: "Refunded",
  kept: "Kept as agreed",
};
const heldWords: Partial<Record<Status, string>> = { refund_needed: "To give back or keep", refunded: "Given back" };
const statusStyle: Record<Status, string> = {
  refund_needed: pillTone.alarm,
  refund_pending: pillTone.waiting,
  refunded: pillTone.done,
  kept: pillTone.done,
};

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
  if (s.byHand) return <HeldPart s={s} byHand={s.byHand} />;
  return <ProviderPayment s={s} />;
}

function Amount({ s, words }: { s: StrayPaymentView; words: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="font-semibold">
        {formatNairaAmount(s.amount)}
        {s.currency !== "NGN" ? ` (${s.currency})` : ""}
      </span>
      <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${statusStyle[s.status]}`}>{words}</span>
    </div>
  );
}

function ProviderPayment({ s }: { s: StrayPaymentView }) {
  const owner = useOwner();
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  useToastAnswer(fetcher.data);
  const amount = formatNairaAmount(s.amount);
  return (
    <li className="rounded-xl border border-line bg-cream p-3">
      <Amount s={s} words={statusWords[s.status]} />
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

/** A part the shop took by hand: how it came; what became of it, or (the owner) a form to record it. */
function HeldPart({ s, byHand }: { s: StrayPaymentView; byHand: NonNullable<StrayPaymentView["byHand"]> }) {
  const owner = useOwner();
  const settled = s.status === "refunded" ? `Given back by ${byHand.givenBackVia}` : s.status === "kept" ? "Kept as agreed" : null;
  return (
    <li className="rounded-xl border border-line bg-cream p-3" data-testid="held-part">
      <Amount s={s} words={heldWords[s.status] ?? statusWords[s.status]} />
      <p className="text-muted">
        {moneyWhen(s.createdAt)} · received by {byHand.came}
      </p>
      <p className="text-muted">Not applied: {s.reason}.</p>
      {settled ? (
        <p className="text-muted" data-testid="held-part-settled">
          {settled}
          {s.refundedAt ? ` ${moneyWhen(s.refundedAt)}` : ""}
          {s.actorName ? ` · by ${s.actorName}` : ""}
          {byHand.note ? ` · ${byHand.note}` : ""}
        </p>
      ) : null}
      {s.status === "refund_needed" && !owner ? <OwnerRefunds /> : null}
      {s.status === "refund_needed" && owner ? <SettleHeldPart s={s} /> : null}
    </li>
  );
}

function SettleHeldPart({ s }: { s: StrayPaymentView }) {
  const { fetcher, answer, busy, start } = useIntentForm("settle-part");
  const errors = answer?.fields ?? {};
  const amount = formatNairaAmount(s.amount);
  return (
    <fetcher.Form
      method="post"
      className="mt-2 grid gap-3 sm:grid-cols-2"
      data-testid="settle-part"
      onSubmit={(e) => {
        const kept = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "kept";
        const how = byHandWords[new FormData(e.currentTarget).get("method") as keyof typeof byHandWords] ?? "hand";
        const question = kept
          ? `Record ${amount} as kept, as agreed with the customer? This cannot be undone.`
          : `Record ${amount} as given back by ${how}? The customer will be told. This cannot be undone.`;
        if (!window.confirm(question)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="settle-part" />
      <input type="hidden" name="strayId" value={s.id} />
      <ByHandMethodField label="How it went back" defaultValue={start.text("method", "transfer")} error={errors.method} />
      <Field
        label="Reference or note"
        name="note"
        maxLength={200}
        defaultValue={start.text("note", "")}
        error={errors.note}
        hint="The transfer's narration, or why it was kept"
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button
          type="submit"
          name="outcome"
          value="given_back"
          className="btn-outline min-h-10 py-2"
          disabled={busy}
          data-testid="part-given-back"
        >
          Record as given back
        </button>
        <button type="submit" name="outcome" value="kept" className="btn-outline min-h-10 py-2" disabled={busy} data-testid="part-kept">
          Keep it, as agreed
        </button>
      </div>
    </fetcher.Form>
  );
}
