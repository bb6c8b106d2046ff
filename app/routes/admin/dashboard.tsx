import { Link } from "react-router";
import { ListFilters } from "../../components/admin/filters";
import { counted } from "../../../lib/counted";
import { ProductHistory } from "../../components/admin/product-history";
import { SalesChart } from "../../components/admin/sales-chart";
import { PageHeader, TableFooter } from "../../components/admin/table-parts";
import { UsersTable } from "../../components/admin/users-table";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { formatNairaAmount } from "../../../lib/money";
import { searchUsers } from "../../../modules/accounts/user-list.server";
import { recentProductChanges } from "../../../modules/catalog/product-history.server";
import { dashboardStats, type DashboardStats } from "../../../modules/reports/dashboard.server";
import { isOwner } from "../../../modules/accounts/roles";
import { adminUserListQuery } from "../../../modules/accounts/user-list-schemas";
import { readSearchParams } from "../../lib/search-params.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Dashboard | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const query = readSearchParams(request, adminUserListQuery, ["q", "page"]);
  // the month's money is the owner's (modules/accounts/roles.ts): staff see the users
  const owner = isOwner(user.role);
  const [stats, users, changes] = await Promise.all([
    owner ? dashboardStats(db) : null,
    searchUsers(db, query),
    // docs/product.md "Product history": what the team last changed, for the owner
    owner ? recentProductChanges(db) : null,
  ]);
  redirectPastLastPage(request, query, users.total);
  return { stats, users, query, changes };
}

// At a glance, whole naira: "₦1,234,568" fits half a 360 px phone, "₦1,234,567.50" does not.
const glance = (naira: number) => formatNairaAmount(Math.round(naira));

function Figure({ label, value, hint, to }: { label: string; value: string; hint: string; to?: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-line bg-linen p-3 sm:p-4">
      <p className="text-xs font-bold uppercase tracking-wide text-muted">
        {to ? (
          <Link to={to} className="underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </p>
      <p className="mt-1 font-display text-xl tabular-nums [overflow-wrap:anywhere] sm:text-2xl">{value}</p>
      <p className="text-xs text-muted">{hint}</p>
    </div>
  );
}

/** The month at a glance: the owner's alone. */
function MonthFigures({ stats }: { stats: DashboardStats }) {
  return (
    <>
      {/* docs/product.md "Paying": transfers customers say they sent, to find in the account */}
      {stats.transfersTold ? (
        <Link
          to="/purchasetable?payment=transfer_sent"
          className="mb-3 block rounded-xl border border-rose bg-blush px-4 py-3 text-sm hover:bg-linen"
          data-testid="transfers-told-note"
        >
          <strong>{counted(stats.transfersTold, "transfer")} to check</strong> ·{" "}
          {stats.transfersTold === 1
            ? "the customer says she sent it: find it in the account and record it"
            : "customers say they sent them: find them in the account and record them"}
        </Link>
      ) : null}
      {/* docs/product.md "Part payments": money promised, not a sale yet */}
      {stats.partPaid.orders ? (
        <Link
          to="/purchasetable?payment=part"
          className="mb-3 block rounded-xl border border-line bg-linen px-4 py-3 text-sm hover:bg-blush"
          data-testid="part-paid-note"
        >
          <strong>{counted(stats.partPaid.orders, "order")} part paid</strong> · {glance(stats.partPaid.left)} still to come
          {stats.partPaid.overdue ? ` · ${stats.partPaid.overdue} past the day agreed for the rest` : ""}
        </Link>
      ) : null}
      {/* docs/product.md "Paying", "Part payments": money the shop holds for no order */}
      {stats.toGiveBack.payments ? (
        <Link
          to="/purchasetable?payment=give_back"
          className="mb-3 block rounded-xl border border-line bg-linen px-4 py-3 text-sm hover:bg-blush"
          data-testid="give-back-note"
        >
          <strong>{counted(stats.toGiveBack.payments, "payment")} to give back</strong> · {glance(stats.toGiveBack.amount)} the shop holds
          for no order
        </Link>
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Paid revenue"
          value={glance(stats.revenue)}
          hint={stats.refunded > 0 ? `this month · ${glance(stats.refunded)} refunded` : "this month"}
        />
        <Figure label="Orders" value={String(stats.orders)} hint="paid, this month" />
        <Figure label="New customers" value={String(stats.newCustomers)} hint="this month" />
        <Figure label="Average order" value={glance(stats.averageOrderValue)} hint="this month" />
        {/* docs/product.md "Cost prices and profit" */}
        <Figure
          label="Profit on goods"
          value={glance(stats.profit)}
          hint={stats.unitsWithoutCost > 0 ? `this month · ${counted(stats.unitsWithoutCost, "unit")} without a cost price` : "this month"}
        />
        <Figure
          label="Stock at cost"
          value={glance(stats.stockAtCost)}
          hint={stats.productsWithoutCost > 0 ? `${counted(stats.productsWithoutCost, "product")} without a cost price` : "tracked stock"}
        />
        {/* docs/product.md "Expenses" */}
        <Figure label="Expenses" value={glance(stats.expenses)} hint="this month" to="/expenses" />
        <Figure label="After expenses" value={glance(stats.afterExpenses)} hint="profit on goods less expenses" />
      </div>
      <div className="mt-4">
        <SalesChart daily={stats.daily} />
      </div>
    </>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, users, query, changes } = loaderData;
  return (
    <>
      <PageHeader title="Dashboard" />
      {stats ? <MonthFigures stats={stats} /> : null}
      {changes?.length ? (
        <div className="mt-4">
          <ProductHistory saves={changes} title="Latest product changes" />
        </div>
      ) : null}
      <h2 className={`mb-3 text-xl ${stats ? "mt-8" : "mt-2"}`}>Users</h2>
      <ListFilters placeholder="Name, email or phone..." q={query.q} clearTo="/dashboard" label="Search users" />
      <UsersTable users={users.items} full />
      <TableFooter page={query.page} pageSize={query.pageSize} total={users.total} />
    </>
  );
}
