import { Form, Link } from "react-router";
import { AdminList } from "../../components/admin/admin-list";
import { ListFilters } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/table-parts";
import { FieldError, FormMessage } from "../../components/forms/fields";
import { useToastAnswer } from "../../components/toasts";
import { appContext } from "../../context";
import { readForm } from "../../lib/form-action.server";
import { fieldErrors, startingValues, useBusy, type FormResult } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { counted } from "../../../lib/counted";
import { AppError } from "../../../lib/errors";
import { formatNairaAmount } from "../../../lib/money";
import { COST_ROWS_SHOWN, productCostListQuery, productCostsInput, unitProfit, type CostRow } from "../../../modules/pricing/cost-schemas";
import { listProductCosts, setProductCosts } from "../../../modules/pricing/costs.server";
import { adminAction } from "./admin-action.server";
import type { Route } from "./+types/costprices";

// docs/product.md "Cost prices and profit": every product's cost price on one screen, the owner's,
// for a shop putting in its costs in one sitting. Saves through the service PUT /api/product-costs calls.

export const meta = () => [{ title: "Cost Prices | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { q } = readSearchParams(request, productCostListQuery, ["q"]);
  const { items, total } = await listProductCosts(context.get(appContext).db, q);
  return { rows: items, total, q };
}

/**
 * The boxes the owner changed: each row sends `cost:{id}` and, hidden, the cost it was drawn with
 * (`was:{id}`), so a box left alone never writes over a cost saved meanwhile elsewhere.
 */
function changedCosts(form: FormData) {
  const costs: { productId: string; cost: FormDataEntryValue }[] = [];
  for (const [name, value] of form) {
    if (!name.startsWith("cost:")) continue;
    const productId = name.slice("cost:".length);
    if (String(value).trim() !== String(form.get(`was:${productId}`) ?? "").trim()) costs.push({ productId, cost: value });
  }
  return costs;
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, user }): Promise<FormResult> => {
    const changed = changedCosts(await readForm(args.request));
    if (!changed.length) return { ok: true, msg: "No cost price changed" };
    const parsed = productCostsInput.safeParse({ costs: changed });
    if (!parsed.success) {
      // each message beside its product's box
      const fields = Object.fromEntries(
        Object.entries(fieldErrors(parsed.error)).map(([path, msg]) => [`cost:${changed[Number(path.split(".")[1])]?.productId}`, msg]),
      );
      throw new AppError("invalid", "Please check the highlighted cost prices.", { fields });
    }
    const { saved, gone } = await setProductCosts(db, parsed.data.costs, user.id);
    return { ok: true, msg: `${counted(saved, "cost price")} saved${gone ? `; ${counted(gone, "product")} deleted meanwhile` : ""}.` };
  });
}

export default function CostPrices({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, q } = loaderData;
  const busy = useBusy();
  useToastAnswer(actionData?.ok ? actionData : undefined);
  const errors = actionData?.fields ?? {};
  const start = startingValues(actionData);
  const box = (r: CostRow) => (r.cost === null ? "" : String(r.cost));
  return (
    <div className="max-w-3xl">
      <PageHeader title="Cost Prices" />
      <p className="-mt-2 mb-4 text-sm text-muted">
        What one of each product costs you to make or buy. Only owners see them;{" "}
        <Link to="/reports?by=product" className="font-semibold text-rose underline">
          Reports
        </Link>{" "}
        shows your profit from them. Products without a cost price come first; leave a box empty for none.
      </p>
      <ListFilters placeholder="Search products..." q={q} clearTo="/costprices" label="Search products" />
      <Form method="post" className="grid gap-3">
        {actionData && !actionData.ok && actionData.msg ? <FormMessage tone="error">{actionData.msg}</FormMessage> : null}
        <AdminList<CostRow>
          caption="Cost prices"
          rows={rows}
          empty={q ? "No products found" : "No products yet"}
          columns={[
            { label: "Product", cell: (r) => r.title, className: "font-semibold" },
            { label: "Sells for", cell: (r) => formatNairaAmount(r.sellsFor) },
            {
              label: "Cost price (₦)",
              cell: (r) => (
                <div className="min-w-32">
                  <input type="hidden" name={`was:${r.id}`} value={box(r)} />
                  <input
                    // drawn again with the saved cost once a save lands
                    key={box(r)}
                    name={`cost:${r.id}`}
                    aria-label={`Cost price of ${r.title}`}
                    type="number"
                    inputMode="decimal"
                    step="0.01"
                    min="0"
                    className="input min-h-10 py-2"
                    defaultValue={start.text(`cost:${r.id}`, box(r))}
                    {...(errors[`cost:${r.id}`] ? { "aria-invalid": true, "aria-describedby": `cost-${r.id}-error` } : {})}
                  />
                  <FieldError id={`cost-${r.id}-error`} error={errors[`cost:${r.id}`]} />
                </div>
              ),
            },
            {
              label: "Profit a unit",
              cell: (r) =>
                r.cost === null ? <span className="text-muted">No cost price</span> : <UnitProfit cost={r.cost} sellsFor={r.sellsFor} />,
            },
          ]}
        />
        {total > rows.length ? (
          <p className="text-sm text-muted" data-testid="costs-more">
            The first {COST_ROWS_SHOWN} of {total.toLocaleString("en-NG")} are shown; save them, then search for the others.
          </p>
        ) : null}
        {rows.length ? (
          // in reach on a phone however far down the list she is
          <div className="sticky bottom-0 z-10 border-t border-line bg-cream py-3">
            <button type="submit" className="btn-primary min-h-10 py-2" disabled={busy}>
              {busy ? "Saving..." : "Save cost prices"}
            </button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}

/** "₦4,500 (38%)", or "₦500 loss". */
function UnitProfit({ cost, sellsFor }: { cost: number; sellsFor: number }) {
  const { profit, margin } = unitProfit(cost, sellsFor);
  if (profit < 0) return <span className="font-semibold text-rose-dark">{formatNairaAmount(-profit)} loss</span>;
  return <>{`${formatNairaAmount(profit)}${margin === null ? "" : ` (${margin}%)`}`}</>;
}
