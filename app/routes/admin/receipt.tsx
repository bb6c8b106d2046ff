import { useIntentForm } from "../../components/forms/intent-form";
import { ArrowLeft, Printer } from "lucide-react";
import { Toaster } from "react-hot-toast";
import { Link } from "react-router";
import { Field } from "../../components/forms/fields";
import { RouteError } from "../../components/route-error";
import { formatNairaAmount } from "../../../lib/money";
import { formatNigerianPhone } from "../../../lib/phone";
import { getPurchase } from "../../../modules/orders/admin.server";
import { invoiceDetailsInput, sourceLabels } from "../../../modules/orders/manual-order-schemas";
import { setInvoiceDetails } from "../../../modules/orders/manual-orders.server";
import { isPaidOrder, orderNumber } from "../../../modules/orders/statuses";
import { unitPrice } from "../../../modules/pricing/price-order";
import { dateFeeLabel, deliveryRowLabel } from "../../../modules/delivery/methods";
import { deliveryWhen } from "../../components/orders/order-details";
import { getSettings } from "../../../modules/settings/service.server";
import { appContext } from "../../context";
import { parseForm } from "../../lib/form-action.server";
import { type FormResult } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { recordOr404 } from "../../lib/not-found.server";
import { adminAction, recordId } from "./admin-action.server";
import type { Route } from "./+types/receipt";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.paid ? "Receipt" : "Invoice"} #${orderNumber(data.purchase.id)} | ${data.shop.shopName}` : "Receipt" },
  { name: "robots", content: "noindex" },
];

// outside the back office's layout (nothing but the receipt prints): its own 403 and 404 pages
export const ErrorBoundary = RouteError;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const purchase = await recordOr404(params.id, (id) => getPurchase(db, id), "Purchase not found");
  const s = await getSettings(db);
  return {
    purchase,
    paid: isPaidOrder(purchase),
    shop: { shopName: s.shopName, contactAddress: s.contactAddress, contactPhone: s.contactPhone, contactEmail: s.contactEmail },
    // an invoice says where to send the money, when the shop has an account (docs/product.md "Manual orders")
    bank: s.accountNumber ? { bankName: s.bankName, accountName: s.accountName, accountNumber: s.accountNumber } : null,
  };
}

/** The business customer's company name and tax number, kept with the order for every reprint. */
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db }): Promise<FormResult> => {
    const { data } = await parseForm(args.request, invoiceDetailsInput);
    await setInvoiceDetails(db, recordId(args.params.id, "Purchase"), data);
    return { ok: true, msg: "Saved on the receipt" };
  });
}

const day = (iso: string) => new Date(iso).toLocaleDateString("en-NG", { dateStyle: "long", timeZone: "Africa/Lagos" });
const paidWords = { provider: "Paid online", transfer: "Paid by bank transfer", cash: "Paid in cash", pos: "Paid by POS" } as const;

/**
 * docs/product.md "Manual orders": the order's receipt (paid) or invoice (not yet), on a page of its
 * own so it prints clean on A4 or a phone's printer: the shop's details from /settings, the
 * customer's (with her company name and tax number when she gives them), the lines and the stored
 * breakdown. The buttons and the form above it never print.
 */
export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { purchase: p, paid, shop, bank } = loaderData;
  // the fetcher's answer, or the page's for a plain post (no script yet): its messages and what was typed
  const { fetcher, answer, busy, start } = useIntentForm("details");
  const { text } = start;
  const title = paid ? "Receipt" : "Invoice";
  const when = deliveryWhen(p);
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-0.5 ${strong ? "mt-1 border-t border-ink pt-2 text-base font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
  return (
    <div className="min-h-dvh bg-cream py-4 print:bg-white print:py-0">
      <Toaster position="top-center" />
      <div className="mx-auto grid max-w-2xl gap-3 px-3 print:hidden">
        <div className="flex flex-wrap gap-2">
          <Link to={`/viewpurchase/${p.id}`} className="btn-outline min-h-10 py-2">
            <ArrowLeft size={16} aria-hidden="true" /> Back to order
          </Link>
          <button type="button" className="btn-primary min-h-10 py-2" onClick={() => window.print()}>
            <Printer size={16} aria-hidden="true" /> Print
          </button>
        </div>
        <details className="rounded-2xl border border-line bg-linen p-3" open={!!(p.companyName || p.taxNumber)}>
          <summary className="cursor-pointer text-sm font-semibold">Company name and tax number (optional)</summary>
          <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="details" />
            <Field
              label="Company name"
              name="companyName"
              defaultValue={text("companyName", p.companyName ?? "")}
              maxLength={120}
              error={answer?.fields?.companyName}
            />
            <Field
              label="Tax number (TIN)"
              name="taxNumber"
              defaultValue={text("taxNumber", p.taxNumber ?? "")}
              maxLength={40}
              error={answer?.fields?.taxNumber}
            />
            <button type="submit" className="btn-outline min-h-11" disabled={busy}>
              {busy ? "Saving..." : "Save"}
            </button>
          </fetcher.Form>
        </details>
      </div>

      <main
        id="main"
        className="mx-auto mt-3 max-w-2xl rounded-2xl border border-line bg-white p-5 text-sm text-ink sm:p-8 print:m-0 print:max-w-none print:rounded-none print:border-0 print:p-0"
        data-testid="receipt"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink pb-4">
          <div>
            <p className="font-display text-2xl font-bold">{shop.shopName}</p>
            <p>{shop.contactAddress}</p>
            <p>
              {shop.contactPhone} · {shop.contactEmail}
            </p>
          </div>
          <div className="sm:text-right">
            <h1 className="text-2xl">{title}</h1>
            <p>Order #{orderNumber(p.id)}</p>
            <p>{day(p.createdAt)}</p>
          </div>
        </header>

        <section className="grid gap-4 border-b border-line py-4 sm:grid-cols-2">
          <div>
            <h2 className="text-xs font-bold uppercase tracking-wide text-muted">Billed to</h2>
            <p className="font-semibold">{`${p.fname} ${p.lname}`.trim()}</p>
            {p.companyName ? <p>{p.companyName}</p> : null}
            {p.taxNumber ? <p>Tax number: {p.taxNumber}</p> : null}
            <p>{formatNigerianPhone(p.phone)}</p>
            {p.email ? <p className="break-all">{p.email}</p> : null}
          </div>
          <div>
            <h2 className="text-xs font-bold uppercase tracking-wide text-muted">Delivery</h2>
            <p>{p.address.replace(/^[,\s]+/, "") || "Collected"}</p>
            {p.lga ? <p>{p.lga}</p> : null}
            {when ? <p data-testid="receipt-delivery-date">Delivery on {when}</p> : null}
            {p.source !== "web" ? <p className="text-muted">Sold via {sourceLabels[p.source]}</p> : null}
          </div>
        </section>

        <table className="mt-4 w-full border-collapse">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="border-b border-ink text-left">
              <th className="py-1 pr-2">Item</th>
              <th className="px-2 py-1 text-right">Qty</th>
              <th className="px-2 py-1 text-right">Price</th>
              <th className="py-1 pl-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {p.items.map((i) => (
              <tr key={i.id} className="border-b border-line">
                <td className="py-1.5 pr-2">{i.title}</td>
                <td className="px-2 py-1.5 text-right">{i.quantity}</td>
                <td className="whitespace-nowrap px-2 py-1.5 text-right">{formatNairaAmount(unitPrice(i))}</td>
                <td className="whitespace-nowrap py-1.5 pl-2 text-right">{formatNairaAmount(i.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="ml-auto mt-4 max-w-xs" data-testid="receipt-breakdown">
          {row("Subtotal", formatNairaAmount(p.subtotal))}
          {p.discountCode
            ? row(
                `Code ${p.discountCode}${p.codeOn === "delivery" ? " (free delivery)" : ""}`,
                p.codeOn === "delivery" ? `saved ${formatNairaAmount(p.codeDiscount)}` : `−${formatNairaAmount(p.codeDiscount)}`,
              )
            : null}
          {row("VAT", formatNairaAmount(p.vat))}
          {row(deliveryRowLabel(p.deliveryMethod), formatNairaAmount(p.deliveryCharge))}
          {p.deliverySlotFee ? row(dateFeeLabel, formatNairaAmount(p.deliverySlotFee)) : null}
          {!paid && p.deposit > 0 ? (
            <>
              {row("Total", formatNairaAmount(p.totalAmount))}
              {row("Paid so far", formatNairaAmount(p.deposit))}
            </>
          ) : null}
          {row(paid ? "Total paid" : "Amount due", formatNairaAmount(paid ? p.totalAmount : p.leftToPay), true)}
        </dl>

        <p className="mt-4 border-t border-line pt-3" data-testid="receipt-payment">
          {paid && p.paidAt
            ? `${paidWords[p.paidVia ?? "provider"]} on ${day(p.paidAt)}${p.paymentNote ? `, reference ${p.paymentNote}` : ""}.`
            : p.paymentMethod === "pod"
              ? "To be paid on delivery."
              : "Not paid yet."}
        </p>
        {!paid && p.status !== "cancelled" && bank ? (
          <p className="mt-2" data-testid="invoice-bank">
            Pay {formatNairaAmount(p.leftToPay)} by bank transfer to <strong>{bank.bankName}</strong>, {bank.accountName}, account number{" "}
            <strong>{bank.accountNumber}</strong>, with <strong>{orderNumber(p.id)}</strong> as the reference.
          </p>
        ) : null}
        <p className="mt-6 text-center text-muted">Thank you for shopping with {shop.shopName}.</p>
      </main>
    </div>
  );
}
