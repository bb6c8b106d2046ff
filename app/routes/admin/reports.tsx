import { Download } from "lucide-react";
import { counted } from "../../../lib/counted";
import { Form, Link } from "react-router";
import { AdminTable, PageHeader, TableFooter, td, th } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { formatNairaAmount } from "../../../lib/money";
import { reportGroupings, salesReportQuery, type ReportGrouping } from "../../../modules/reports/sales-schemas";
import { salesReport } from "../../../modules/reports/sales.server";
import { greetOnWhatsAppUrl } from "../../../modules/marketing/messages.server";
import { getSettings } from "../../../modules/settings/service.server";
import { WhatsAppChatLink } from "../../components/admin/whatsapp-button";
import type { GoodsProfit } from "../../../modules/reports/sales-schemas";
import type { Route } from "./+types/reports";

export const meta = () => [{ title: "Reports | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, salesReportQuery, ["by", "from", "to", "page"]);
  const { db } = context.get(appContext);
  // a year of customers is thousands of rows: the screen shows them a page at a time, the CSV all
  const [report, { shopName }] = await Promise.all([salesReport(db, { ...query, pageSize: ROWS_SHOWN }), getSettings(db)]);
  const rows = report.rows.map((r) => ({
    ...r,
    chatUrl: r.phone ? greetOnWhatsAppUrl(shopName, { name: r.label, phone: r.phone }) : null,
  }));
  return { query, report: { ...report, rows }, rowCount: report.rowCount };
}

/** Rows the screen shows a page, those with the most sales first. */
const ROWS_SHOWN = 100;

const groupLabels: Record<ReportGrouping, string> = {
  product: "Product",
  category: "Category",
  area: "Delivery area",
  code: "Discount code",
  source: "Source",
  member: "Team member",
  customer: "Customer",
};

/**
 * docs/product.md "Reports": paid orders placed between two days (Lagos), grouped as the owner
 * asks, with the totals the orders list adds up to for the same days, and the same as CSV.
 */
export default function Reports({ loaderData }: Route.ComponentProps) {
  const { query, report, rowCount } = loaderData;
  const params = new URLSearchParams({ by: query.by, ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) });
  const salesHeader = report.measures === "goods" ? "Sales of goods" : "Order totals";
  // a refund is for a whole order: by order, each row says what went back; by product or category, the totals do
  const byOrder = report.measures === "order totals";
  const columns = 6;
  return (
    <>
      <PageHeader title="Reports">
        <a href={`/api/reports/sales.csv?${params}`} className="btn-outline min-h-10 py-2" download>
          <Download size={16} aria-hidden="true" /> Download CSV
        </a>
      </PageHeader>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2 rounded-2xl border border-line bg-linen p-3">
        <div>
          <label htmlFor="report-by" className="label">
            Group by
          </label>
          <select id="report-by" name="by" defaultValue={query.by} className="input min-h-10 py-2">
            {reportGroupings.map((g) => (
              <option key={g} value={g}>
                {groupLabels[g]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="report-from" className="label">
            Start Date
          </label>
          <input id="report-from" name="from" type="date" defaultValue={query.from ?? ""} className="input min-h-10 py-2" />
        </div>
        <div>
          <label htmlFor="report-to" className="label">
            End Date
          </label>
          <input id="report-to" name="to" type="date" defaultValue={query.to ?? ""} className="input min-h-10 py-2" />
        </div>
        <button type="submit" className="btn-primary min-h-10 py-2">
          Show
        </button>
        {query.from || query.to ? (
          <Link to={`/reports?by=${query.by}`} className="btn-outline min-h-10 py-2">
            All dates
          </Link>
        ) : null}
      </Form>
      <p className="mb-3 text-sm text-muted" data-testid="report-totals">
        {report.totals.orders.toLocaleString("en-NG")} paid orders · {report.totals.units.toLocaleString("en-NG")} units ·{" "}
        <strong className="text-ink">{formatNairaAmount(report.totals.revenue)}</strong> in order totals ·{" "}
        {formatNairaAmount(report.totals.refunded)} refunded · <strong className="text-ink">{formatNairaAmount(report.totals.net)}</strong>{" "}
        kept
      </p>
      {/* days with no sales say so in the table: no profit line to read */}
      {report.totals.profit && report.rows.length ? <ProfitLine profit={report.totals.profit} days={params} /> : null}
      <AdminTable caption={`Sales by ${groupLabels[query.by].toLowerCase()}`}>
        <thead className="border-b border-line bg-sand/60">
          <tr>
            <th className={th}>{groupLabels[query.by]}</th>
            <th className={th}>Orders</th>
            <th className={th}>Units</th>
            <th className={th}>{salesHeader}</th>
            {byOrder ? (
              <>
                <th className={th}>Refunded</th>
                <th className={th}>Kept</th>
              </>
            ) : (
              <>
                <th className={th}>Cost</th>
                <th className={th}>Profit</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <td colSpan={columns} className={`${td} py-8 text-center text-muted`}>
                No paid orders in these dates
              </td>
            </tr>
          ) : (
            report.rows.map((r) => (
              <tr key={r.key || r.label} className="border-b border-line last:border-0">
                <td className={`${td} font-semibold`} data-label={groupLabels[query.by]}>
                  {/* one value, so a phone's card keeps the name above her number */}
                  <span>
                    {r.label}
                    {r.phone !== undefined ? <CustomerContact name={r.label} phone={r.phone} email={r.email} chatUrl={r.chatUrl} /> : null}
                  </span>
                </td>
                <td className={td} data-label="Orders">
                  {r.orders.toLocaleString("en-NG")}
                </td>
                <td className={td} data-label="Units">
                  {r.units.toLocaleString("en-NG")}
                </td>
                <td className={td} data-label={salesHeader}>
                  {formatNairaAmount(r.sales)}
                </td>
                {byOrder ? (
                  <>
                    <td className={td} data-label="Refunded">
                      {formatNairaAmount(r.refunded ?? 0)}
                    </td>
                    <td className={td} data-label="Kept">
                      {formatNairaAmount(r.net ?? r.sales)}
                    </td>
                  </>
                ) : (
                  <>
                    <td className={td} data-label="Cost">
                      {r.cost === null || r.cost === undefined ? (
                        <span className="text-muted">No cost price</span>
                      ) : (
                        formatNairaAmount(r.cost)
                      )}
                      {r.cost !== null && r.unitsWithoutCost ? (
                        <span className="block text-xs text-muted">{unitsWithoutCostWords(r.unitsWithoutCost)}</span>
                      ) : null}
                    </td>
                    <td className={td} data-label="Profit">
                      {r.profit === null || r.profit === undefined ? "" : formatNairaAmount(r.profit)}
                    </td>
                  </>
                )}
              </tr>
            ))
          )}
        </tbody>
      </AdminTable>
      {rowCount > ROWS_SHOWN ? (
        <div data-testid="report-more">
          <TableFooter page={query.page} pageSize={ROWS_SHOWN} total={rowCount} />
          <p className="mt-1 text-sm text-muted">Those with the most sales first. The CSV has them all.</p>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-muted">
        Paid orders placed on these days (Lagos time), as the orders list filters them. A product&apos;s or category&apos;s sales are its
        lines&apos; totals, before a code, VAT and delivery; areas, codes, sources, team members and customers show whole order totals. A
        team member is whoever recorded the order at the order desk. A customer is her phone number, however it was typed, named as her
        latest order names her. Refunds, processed or on their way, go back to whole orders: they are counted against the orders they
        refunded, whenever they were made. Money that arrived over an order&apos;s total and was sent back is not counted: it was never a
        sale. A line&apos;s cost is its product&apos;s cost price when it was sold (or now, for a sale made before the product had one); its
        profit is its total less that cost, before codes, VAT, delivery and refunds.
      </p>
    </>
  );
}

/**
 * A customer's number, opening her orders in the orders list (found by the number however it was
 * kept), a chat with her on WhatsApp (a thank-you, a first look at a promo), and her email.
 */
function CustomerContact({ name, phone, email, chatUrl }: { name: string; phone: string; email?: string; chatUrl: string | null }) {
  return (
    <span className="block text-sm font-normal text-muted">
      <span className="flex flex-wrap items-center justify-end gap-x-3 sm:justify-start">
        <Link to={`/purchasetable?q=${encodeURIComponent(phone)}`} className="text-rose-dark underline" aria-label={`Orders of ${phone}`}>
          {phone}
        </Link>
        {chatUrl ? <WhatsAppChatLink href={chatUrl} name={name} /> : null}
      </span>
      {/* on a phone's card the address breaks after its @ rather than anywhere */}
      {email ? (
        <span className="block">
          {email.slice(0, email.indexOf("@") + 1)}
          <wbr />
          {email.slice(email.indexOf("@") + 1)}
        </span>
      ) : null}
    </span>
  );
}

const unitsWithoutCostWords = (n: number) => `${counted(n, "unit")} without a cost price`;

/** By product or category: the profit on the goods that have a cost price, and what has none yet (docs/product.md "Cost prices and profit"). */
function ProfitLine({ profit, days }: { profit: GoodsProfit; days: URLSearchParams }) {
  const noneYet = profit.sales === 0 && profit.cost === 0;
  // the expenses of the same days (docs/product.md "Expenses")
  const spentOn = new URLSearchParams([...days].filter(([k]) => k === "from" || k === "to"));
  return (
    <p className="mb-3 text-sm text-muted" data-testid="report-profit">
      {noneYet ? (
        <>
          No product sold in these dates has a cost price. <CostPricesLink /> to see your profit here.
        </>
      ) : (
        <>
          <strong className="text-ink">{formatNairaAmount(profit.profit)}</strong> profit on {formatNairaAmount(profit.sales)} of goods with
          a cost price{profit.margin === null ? "" : ` (${profit.margin}% margin)`}, before codes, VAT, delivery and refunds
          {profit.unitsWithoutCost ? (
            <>
              ; {unitsWithoutCostWords(profit.unitsWithoutCost)}, left out. <CostPricesLink />.
            </>
          ) : (
            "."
          )}
          {profit.expenses ? (
            <span data-testid="report-expenses">
              {" "}
              <Link to={`/expenses${spentOn.size ? `?${spentOn}` : ""}`} className="font-semibold text-rose-dark underline">
                Expenses
              </Link>{" "}
              written down for these dates: {formatNairaAmount(profit.expenses)}, so{" "}
              <strong className="text-ink">{formatNairaAmount(profit.afterExpenses)}</strong> after them.
            </span>
          ) : null}
        </>
      )}
    </p>
  );
}

const CostPricesLink = () => (
  <Link to="/costprices" className="font-semibold text-rose-dark underline">
    Set cost prices
  </Link>
);
