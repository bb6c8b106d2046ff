import { Gift } from "lucide-react";
import { longDay } from "../../../lib/lagos-calendar";
import { formatNigerianPhone } from "../../../lib/phone";
import type { GiftView } from "../../../modules/orders/types";

/** The 'Gift' mark beside an order in the back office (docs/product.md "Gift orders"). */
export function GiftBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-blush px-2 py-0.5 font-sans text-xs font-bold text-rose-dark"
      data-testid="gift-badge"
    >
      <Gift size={12} aria-hidden="true" /> Gift
    </span>
  );
}

/** A gift order's recipient, message and options, at the top of the order's page. */
export function GiftPanel({ gift }: { gift: GiftView }) {
  const options = [
    gift.anonymousSender ? "Anonymous sender: never show the buyer's name to the recipient" : null,
    gift.hidePrices ? "Hide prices: no prices in the parcel" : null,
    gift.surpriseMode ? "Surprise: do not contact the recipient before delivery day" : null,
    gift.remindOn
      ? gift.remindYearly
        ? `Remind the buyer every year: next a mail on ${longDay(gift.remindOn)}`
        : `Remind the buyer next year: a mail on ${longDay(gift.remindOn)}`
      : null,
  ].filter((o): o is string => !!o);
  return (
    <section className="rounded-2xl border-2 border-rose/40 bg-blush/40 p-4 sm:p-5" aria-labelledby="gift-title" data-testid="gift-panel">
      <h2 id="gift-title" className="mb-3 flex items-center gap-2 text-lg">
        <Gift size={18} aria-hidden="true" /> Gift for {gift.recipientName}
      </h2>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted">Recipient's phone</dt>
        <dd className="font-semibold">{gift.recipientPhone ? formatNigerianPhone(gift.recipientPhone) : "—"}</dd>
        <dt className="text-muted">Recipient's email</dt>
        <dd className="font-semibold break-all">{gift.recipientEmail ?? "—"}</dd>
        <dt className="text-muted">Message for the card</dt>
        <dd className="font-semibold whitespace-pre-line" data-testid="admin-gift-message">
          {gift.message ?? "—"}
        </dd>
      </dl>
      {options.length ? (
        <ul className="mt-3 flex flex-wrap gap-2 text-xs font-semibold">
          {options.map((o) => (
            <li key={o} className="rounded-full border border-rose/40 bg-white px-2.5 py-1 text-rose-dark">
              {o}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
