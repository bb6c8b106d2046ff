import { Pause, Pencil, Play, Plus, Trash2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { ListFilters } from "../../components/admin/filters";
import { actionsTd, AdminTable, PageHeader, TableFooter, td, th } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { formAction, readForm } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { AppError } from "../../../lib/errors";
import { formatNairaAmount } from "../../../lib/money";
import { deleteDiscountCode, updateDiscountCode } from "../../../modules/discounts/admin.server";
import { listDiscountCodeViews } from "../../../modules/reports/discount-codes.server";
import { formatLagosTime } from "../../../modules/discounts/lagos-time";
import { discountListQuery } from "../../../modules/discounts/schemas";
import type { DiscountCodeView, DiscountState } from "../../../modules/discounts/types";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/discounttable";

export const meta = () => [{ title: "Discount Codes | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, discountListQuery, ["q", "from", "to", "page"]);
  const { items, total } = await listDiscountCodeViews(context.get(appContext).db, query);
  redirectPastLastPage(request, query, total);
  return { items, total, query };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Pause, resume or delete one code: the same services as PUT and DELETE /api/discounts/{id}. */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return formAction(async (): Promise<FormResult> => {
    const form = await readForm(request);
    const id = String(form.get("id") ?? "");
    if (!UUID.test(id)) throw AppError.notFound("Discount code");
    const intent = form.get("intent");
    if (intent === "delete") {
      await deleteDiscountCode(db, id);
      return { ok: true, msg: "Code deleted" };
    }
    if (intent !== "pause" && intent !== "resume") throw new AppError("invalid", "Choose pause, resume or delete.");
    const code = await updateDiscountCode(db, id, { paused: intent === "pause" });
    return { ok: true, msg: `${code.code} ${code.paused ? "paused" : "resumed"}` };
  });
}

const stateLabel: Record<DiscountState, { text: string; style: string }> = {
  active: { text: "Active", style: "border-sage/40 bg-sage-soft text-sage" },
  paused: { text: "Paused", style: "border-amber-300 bg-amber-100 text-amber-900" },
  scheduled: { text: "Scheduled", style: "border-gray-300 bg-gray-100 text-gray-700" },
  ended: { text: "Ended", style: "border-gray-300 bg-gray-100 text-gray-700" },
  used_up: { text: "Used up", style: "border-gray-300 bg-gray-100 text-gray-700" },
};

const offer = (c: DiscountCodeView) =>
  c.kind === "fixed" ? `${formatNairaAmount(c.amount ?? 0)} off` : c.kind === "percent" ? `${c.percent}% off` : "Free delivery";

function conditions(c: DiscountCodeView): string {
  const parts = [
    c.minOrder > 0 ? `from ${formatNairaAmount(c.minOrder)}` : null,
    c.productIds.length || c.categoryIds.length ? "some items only" : null,
    c.maxUsesPerCustomer ? `${c.maxUsesPerCustomer} per customer` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "Any order";
}

function dates(c: DiscountCodeView): string {
  const at = (iso: string) => formatLagosTime(new Date(iso));
  if (c.startsAt && c.endsAt) return `${at(c.startsAt)} – ${at(c.endsAt)}`;
  if (c.startsAt) return `From ${at(c.startsAt)}`;
  if (c.endsAt) return `Until ${at(c.endsAt)}`;
  return "Always";
}

export default function DiscountTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <>
      <PageHeader title="Discount Codes">
        <Link to="/creatediscount" className="btn-primary min-h-10 py-2">
          <Plus size={16} aria-hidden="true" /> Create Code
        </Link>
      </PageHeader>
      <ListFilters placeholder="Search codes..." q={query.q} clearTo="/discounttable" label="Search codes" />
      <AdminTable caption="Discount codes">
        <thead className="border-b border-line bg-sand/60">
          <tr>
            <th className={th}>Code</th>
            <th className={th}>Discount</th>
            <th className={th}>Dates (Lagos)</th>
            <th className={th}>Status</th>
            <th className={th}>Uses</th>
            <th className={th}>Revenue</th>
            <th className={th}>Discount given</th>
            <th className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={8} className={`${td} py-8 text-center text-muted`}>
                No discount codes yet
              </td>
            </tr>
          ) : (
            items.map((c) => <CodeRow key={c.id} code={c} />)
          )}
        </tbody>
      </AdminTable>
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </>
  );
}

function CodeRow({ code: c }: { code: DiscountCodeView }) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const state = stateLabel[c.state];
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.msg : null;
  const icon = "inline-flex h-9 w-9 items-center justify-center rounded-lg disabled:opacity-50";
  return (
    <tr className="border-b border-line last:border-0" data-testid="discount-row">
      <td className={`${td} font-bold`} data-label="Code">
        {c.code}
      </td>
      <td className={td} data-label="Discount">
        {offer(c)}
        <span className="block text-xs text-muted">{conditions(c)}</span>
      </td>
      <td className={td} data-label="Dates (Lagos)">
        {dates(c)}
      </td>
      <td className={td} data-label="Status">
        <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-bold ${state.style}`}>{state.text}</span>
      </td>
      <td className={td} data-label="Uses">
        {c.uses}
        {c.maxUses ? ` of ${c.maxUses}` : ""}
        {c.held ? <span className="block text-xs text-muted">{c.held} awaiting payment</span> : null}
      </td>
      <td className={td} data-label="Revenue">
        {formatNairaAmount(c.revenue)}
      </td>
      <td className={td} data-label="Discount given">
        {formatNairaAmount(c.discountGiven)}
      </td>
      <td className={actionsTd}>
        <fetcher.Form method="post" className="inline-flex items-center gap-1">
          <input type="hidden" name="id" value={c.id} />
          <Link to={`/editdiscount/${c.id}`} aria-label={`Edit ${c.code}`} className={`${icon} text-sage hover:bg-sage-soft`}>
            <Pencil size={18} aria-hidden="true" />
          </Link>
          <button
            type="submit"
            name="intent"
            value={c.paused ? "resume" : "pause"}
            aria-label={`${c.paused ? "Resume" : "Pause"} ${c.code}`}
            className={`${icon} text-ink hover:bg-sand`}
            disabled={busy}
          >
            {c.paused ? <Play size={18} aria-hidden="true" /> : <Pause size={18} aria-hidden="true" />}
          </button>
          {c.uses === 0 && c.held === 0 ? (
            <button
              type="submit"
              name="intent"
              value="delete"
              aria-label={`Delete ${c.code}`}
              className={`${icon} text-rose hover:bg-blush`}
              disabled={busy}
              onClick={(e) => {
                if (!window.confirm(`Delete the code ${c.code}?`)) e.preventDefault();
              }}
            >
              <Trash2 size={18} aria-hidden="true" />
            </button>
          ) : null}
        </fetcher.Form>
        {error ? (
          <p role="alert" className="mt-1 whitespace-normal text-left text-xs font-semibold text-rose">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
