import { Download, Eye, Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { DeleteButton } from "../../components/admin/delete-button";
import { StatusBadge } from "../../components/admin/status-badge";
import { GiftBadge } from "../../components/admin/gift-panel";
import { AdminList, ListScreen } from "../../components/admin/admin-list";
import { formatNairaAmount } from "../../../lib/money";
import { adminPurchaseListQuery, orderSources } from "../../../modules/orders/admin-schemas";
import { sourceLabels } from "../../../modules/orders/manual-order-schemas";
import { shipsFromWords } from "../../../modules/stock/preorder";
import { listAdminPurchases } from "../../../modules/orders/admin-list.server";
import { deletePurchase } from "../../../modules/orders/admin.server";
import { deleteRowAction, ownerOnly } from "./admin-action.server";
import { useOwner } from "../../lib/back-office";
import { loadAdminList } from "./admin-list.server";
import type { Route } from "./+types/purchasetable";

export const meta = () => [{ title: "Purchases | Alafia admin" }];

export const loader = (args: Route.LoaderArgs) =>
  loadAdminList(
    args,
    adminPurchaseListQuery,
    ["q", "from", "to", "status", "source", "payment", "preorder", "page", "sort"],
    listAdminPurchases,
  );

/** A row's Delete. */
// deleting an order is the owner's (modules/accounts/roles.ts)
export const action = (args: Route.ActionArgs) =>
  deleteRowAction(args, ({ db, user }, id) => {
    ownerOnly(user);
    return deletePurchase(db, id);
  });

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function PurchaseTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  const [params] = useSearchParams();
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  // exporting every buyer's contact and deleting an order are the owner's (modules/accounts/roles.ts)
  const owner = useOwner();
  return (
    <ListScreen
      title="Purchases"
      action={
        <div className="flex flex-wrap gap-2">
          {/* docs/product.md "Manual orders": a sale made in a chat, a walk-in or an event */}
          <Link to="/neworder" className="btn-primary min-h-10 py-2">
            <Plus size={16} aria-hidden="true" /> New order
          </Link>
          {owner ? (
            <a href={`/api/purchases/export.csv?${exportParams.toString()}`} className="btn-outline min-h-10 py-2" download>
              <Download size={16} aria-hidden="true" /> Export CSV
            </a>
          ) : null}
        </div>
      }
      intro={<SourceFilter current={query.source} payment={query.payment} preorder={!!query.preorder} />}
      filters={{
        placeholder: "Search by name, email or status...",
        hint: "Also finds an order by its number (#1f53d6b3), its payment reference, or a gift's recipient.",
        q: query.q,
        from: query.from,
        to: query.to,
        dates: true,
        clearTo: "/purchasetable",
        keep: ["status", "sort", "source", "payment", "preorder"],
      }}
      paging={{ page: query.page, pageSize: query.pageSize, total }}
    >
      <AdminList<Row>
        caption="Purchases"
        rows={items}
        empty="No purchases found"
        columns={[
          {
            label: "First Name",
            cell: (p) =>
              p.giftFor !== null ? (
                <span className="inline-flex flex-wrap items-center gap-1.5">
                  {p.fname} <GiftBadge /> <span className="text-xs font-normal text-muted">for {p.giftFor}</span>
                </span>
              ) : (
                p.fname
              ),
            className: "font-semibold",
          },
          { label: "Email", cell: (p) => p.email, className: "whitespace-nowrap" },
          { label: "Discount", cell: (p) => (p.discounted ? "Discounted" : "None") },
          { label: "Total Amount", cell: (p) => formatNairaAmount(p.totalAmount), className: "whitespace-nowrap" },
          {
            label: "Status",
            cell: (p) => (
              <>
                <StatusBadge status={p.status} deliveryMethod={p.deliveryMethod} />
                {p.partPaid ? (
                  <span className="ml-1 whitespace-nowrap text-xs font-semibold text-rose" data-testid="part-paid">
                    {p.restOverdue ? "part paid · rest overdue" : "part paid"}
                  </span>
                ) : null}
                {p.transferSent ? (
                  <span className="ml-1 whitespace-nowrap text-xs font-semibold text-rose" data-testid="transfer-sent">
                    transfer sent, to check
                  </span>
                ) : null}
                {p.shipsFrom ? (
                  <span className="ml-1 whitespace-nowrap text-xs font-semibold text-sage">pre-order, {shipsFromWords(p.shipsFrom)}</span>
                ) : null}
                {p.dayBeforeShipDay ? (
                  <span className="ml-1 whitespace-nowrap text-xs font-semibold text-rose" data-testid="day-before-ship-day">
                    delivery day to move
                  </span>
                ) : null}
              </>
            ),
          },
          { label: "Source", cell: (p) => sourceLabels[p.source] },
        ]}
        actions={(p) => (
          <>
            <Link
              to={`/viewpurchase/${p.id}`}
              className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-sage hover:bg-sage-soft"
            >
              <Eye size={16} aria-hidden="true" /> View
            </Link>
            {/* an order that holds money stays on record: cancel or refund it from its page instead */}
            {owner && p.deletable && (
              <DeleteButton
                id={p.id}
                label={`Delete the order of ${p.fname}`}
                confirmText="Are you sure you want to delete this purchase?"
              />
            )}
          </>
        )}
      />
    </ListScreen>
  );
}

/**
 * Where the sale was made (docs/product.md "Manual orders"), and the orders part paid and waiting for
 * the rest ("Part payments"), as links that keep the list's other filters.
 */
/** docs/product.md "Part payments": waiting for the rest, or past its day; "Paying": holding a payment not applied, to give back. */
const paymentChips = [
  ["part", "Part paid"],
  ["rest_overdue", "Rest overdue"],
  ["give_back", "To give back"],
  ["transfer_sent", "Transfer sent"],
] as const;

function SourceFilter({ current, payment, preorder }: { current?: string; payment?: string; preorder: boolean }) {
  const [params] = useSearchParams();
  const to = (source?: string, name = "source") => {
    const next = new URLSearchParams(params);
    next.delete("page");
    if (source) next.set(name, source);
    else next.delete(name);
    return `/purchasetable?${next.toString()}`;
  };
  const chip = (active: boolean) =>
    `inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-semibold ${active ? "border-rose bg-blush text-ink" : "border-line text-muted hover:bg-blush"}`;
  return (
    <nav aria-label="Source and payment" className="mb-3 flex flex-wrap gap-2">
      <Link to={to()} className={chip(!current)} aria-current={!current ? "page" : undefined}>
        All sources
      </Link>
      {orderSources.map((s) => (
        <Link key={s} to={to(s)} className={chip(current === s)} aria-current={current === s ? "page" : undefined}>
          {sourceLabels[s]}
        </Link>
      ))}
      {paymentChips.map(([value, label]) => (
        <Link
          key={value}
          to={to(payment === value ? undefined : value, "payment")}
          className={chip(payment === value)}
          aria-current={payment === value ? "page" : undefined}
        >
          {label}
        </Link>
      ))}
      {/* docs/product.md "Pre-orders": not sent yet, holding a pre-order line */}
      <Link to={to(preorder ? undefined : "1", "preorder")} className={chip(preorder)} aria-current={preorder ? "page" : undefined}>
        Pre-orders
      </Link>
    </nav>
  );
}
