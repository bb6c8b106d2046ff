import { ArrowLeft, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatNairaAmount } from "../../../lib/money";
import { dateFeeLabel, deliveryMethodName, deliveryMethodWords } from "../../../modules/delivery/methods";
import type { PackingDocument } from "../../../modules/orders/types";

// The printable papers of an order (docs/product.md "Gift orders"): a sheet of paper on screen with
// its Print and Back buttons, and only the sheet when printed (print: variants and app.css @page).
// Prices show only when the data carries them: 'hide prices' leaves them out on the server.

const placed = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "Africa/Lagos" });

function Sheet({ doc, title, children }: { doc: PackingDocument; title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-sand/40 px-3 py-4 print:bg-white print:p-0">
      <div className="mx-auto mb-3 flex max-w-2xl flex-wrap gap-2 print:hidden">
        <Link to={`/viewpurchase/${doc.id}`} className="btn-outline min-h-10 py-2">
          <ArrowLeft size={16} aria-hidden="true" /> Back to the order
        </Link>
        <button type="button" className="btn-primary min-h-10 py-2" onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" /> Print
        </button>
      </div>
      <main
        id="main"
        className="mx-auto max-w-2xl rounded-2xl border border-line bg-white p-5 text-ink shadow-sm sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
        data-testid="packing-paper"
      >
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line pb-3">
          <div>
            <p className="font-display text-xl font-bold">{doc.shop.name}</p>
            <p className="text-xs text-muted">{doc.shop.address}</p>
          </div>
          <div className="text-right">
            <h1 className="text-2xl">{title}</h1>
            <p className="text-sm">
              Order #{doc.number} · {placed(doc.placedAt)}
            </p>
          </div>
        </header>
        {children}
        <footer className="mt-6 border-t border-line pt-3 text-xs text-muted">
          Questions? {doc.shop.email} · {doc.shop.phone}
        </footer>
      </main>
    </div>
  );
}

function Lines({ doc }: { doc: PackingDocument }) {
  const priced = !!doc.totals;
  return (
    <table className="mt-4 w-full text-sm">
      <caption className="sr-only">Items</caption>
      <thead>
        <tr className="border-b border-line text-left">
          <th scope="col" className="py-1.5 pr-2">
            Item
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right">
            Qty
          </th>
          {priced ? (
            <th scope="col" className="py-1.5 text-right">
              Amount
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {doc.lines.map((l, i) => (
          <tr key={i} className="border-b border-line/60 align-top">
            <td className="py-1.5 pr-2">
              <span className="font-semibold">{l.title}</span>
              {l.details ? <span className="block text-xs text-muted">{l.details}</span> : null}
            </td>
            <td className="py-1.5 pr-2 text-right">{l.quantity}</td>
            {priced ? <td className="py-1.5 text-right whitespace-nowrap">{formatNairaAmount(l.total ?? 0)}</td> : null}
          </tr>
        ))}
      </tbody>
      {doc.totals ? (
        <tfoot className="text-right">
          <tr>
            <td colSpan={2} className="pt-2 pr-2">
              Subtotal
            </td>
            <td className="pt-2">{formatNairaAmount(doc.totals.subtotal)}</td>
          </tr>
          {doc.totals.code ? (
            <tr>
              <td colSpan={2} className="pr-2">
                Discount
              </td>
              <td>−{formatNairaAmount(doc.totals.code)}</td>
            </tr>
          ) : null}
          <tr>
            <td colSpan={2} className="pr-2">
              VAT
            </td>
            <td>{formatNairaAmount(doc.totals.vat)}</td>
          </tr>
          <tr>
            <td colSpan={2} className="pr-2">
              Delivery
            </td>
            <td>{formatNairaAmount(doc.totals.delivery)}</td>
          </tr>
          {doc.totals.dateFee ? (
            <tr>
              <td colSpan={2} className="pr-2">
                {dateFeeLabel}
              </td>
              <td>{formatNairaAmount(doc.totals.dateFee)}</td>
            </tr>
          ) : null}
          <tr className="font-bold">
            <td colSpan={2} className="pr-2">
              Total
            </td>
            <td>{formatNairaAmount(doc.totals.total)}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

function Message({ doc }: { doc: PackingDocument }) {
  if (!doc.isGift) return null;
  return (
    <section className="mt-4 rounded-xl border-2 border-dashed border-rose/60 p-4" aria-label="Gift message" data-testid="gift-message">
      {doc.message ? <p className="font-display text-lg whitespace-pre-line">{doc.message}</p> : null}
      <p className="mt-2 text-sm font-semibold">{`From: ${doc.from}`}</p>
    </section>
  );
}

/** What the packer puts in the box and the rider needs: who it goes to, what is in it, the card's message. */
export function PackingSlip({ doc }: { doc: PackingDocument }) {
  return (
    <Sheet doc={doc} title="Packing slip">
      <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label="Deliver to">
          <h2 className="text-xs font-bold tracking-wide text-muted uppercase">Deliver to</h2>
          <p className="mt-1 font-semibold" data-testid="ship-to">
            {doc.shipTo.name}
          </p>
          <p className="text-sm">
            {doc.shipTo.address}
            {doc.shipTo.area ? ` (${doc.shipTo.area})` : ""}
            <br />
            {doc.shipTo.phone}
          </p>
        </section>
        <section aria-label="Delivery">
          <h2 className="text-xs font-bold tracking-wide text-muted uppercase">Delivery</h2>
          {/* a chosen day is what the packer works to; without one, how fast the method goes */}
          <p className="mt-1 text-sm" data-testid="packing-delivery">
            {doc.deliveryDay ? `${doc.deliveryDay} (${deliveryMethodName(doc.deliveryMethod)})` : deliveryMethodWords(doc.deliveryMethod)}
          </p>
          {doc.isGift ? <p className="mt-1 text-sm font-semibold text-rose-dark">Gift: pack without an invoice</p> : null}
          {doc.surpriseMode ? (
            <p className="mt-1 text-sm font-semibold text-rose-dark">Surprise: do not contact the recipient before delivery day</p>
          ) : null}
          {doc.note ? <p className="mt-1 text-sm whitespace-pre-line">Instructions: {doc.note}</p> : null}
        </section>
      </div>
      <Lines doc={doc} />
      <Message doc={doc} />
    </Sheet>
  );
}

/** The receipt that goes with a gift: what is in it for exchanges, the message, and prices only if the buyer allowed. */
export function GiftReceipt({ doc }: { doc: PackingDocument }) {
  return (
    <Sheet doc={doc} title="Gift receipt">
      <p className="mt-4 text-lg">
        A gift for <strong data-testid="gift-for">{doc.shipTo.name}</strong>
      </p>
      <Message doc={doc} />
      <Lines doc={doc} />
      <p className="mt-4 text-sm text-muted">Keep this receipt: for any question about these items, give us order #{doc.number}.</p>
    </Sheet>
  );
}
