import { Printer } from "lucide-react";
import { Link } from "react-router";
import { sourceLabels } from "../../../modules/orders/manual-order-schemas";
import type { PurchaseDetail } from "../../../modules/orders/types";
import { WhatsAppButton } from "./whatsapp-button";
import { formatNairaAmount } from "../../../lib/money";

type Props = { p: PurchaseDetail; payLink: string | null; whatsappUrl: string | null; recorded: boolean };

/**
 * The order desk's part of the order page (docs/product.md "Manual orders"): where the sale was
 * made and who recorded it, its printable receipt or invoice, and, while an unpaid order waits on its payment link,
 * the link to send her on WhatsApp or copy.
 */
export function OrderDeskPanel({ p, payLink, whatsappUrl, recorded }: Props) {
  return (
    <section className="rounded-2xl border border-line bg-linen p-4 sm:p-5" data-testid="order-desk">
      {recorded ? (
        <p role="status" className="mb-3 rounded-xl border border-sage/40 bg-sage-soft px-4 py-3 text-sm">
          Order recorded{p.paidAt ? " and paid" : ""}.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <span className="text-muted">Source</span> <strong>{sourceLabels[p.source]}</strong>
          {p.recordedBy ? (
            <>
              {" · "}
              <span className="text-muted">Recorded by</span> <strong data-testid="recorded-by">{p.recordedBy}</strong>
            </>
          ) : null}
        </p>
        <Link to={`/receipt/${p.id}`} className="btn-primary min-h-10 py-2">
          <Printer size={16} aria-hidden="true" /> {p.paidAt ? "Print receipt" : "Print invoice"}
        </Link>
      </div>
      {payLink ? (
        <div className="mt-3 grid gap-2">
          <label htmlFor="pay-link" className="label">
            {p.deposit > 0
              ? `Payment link for the ${formatNairaAmount(p.leftToPay)} left to pay`
              : "Payment link (works until the order lapses)"}
          </label>
          <input id="pay-link" readOnly value={payLink} className="input text-sm" onFocus={(e) => e.currentTarget.select()} />
          <WhatsAppButton href={whatsappUrl ?? "#"} label="Send on WhatsApp" />
          {p.email ? <p className="text-sm text-muted">The link was also mailed to {p.email}.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
