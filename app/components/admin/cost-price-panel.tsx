import { useIntentForm } from "../forms/intent-form";
import { formatNairaAmount } from "../../../lib/money";
import { productCostInput, unitProfit, type ProductCost } from "../../../modules/pricing/cost-schemas";
import { useZodForm } from "../../lib/forms";
import { Field } from "../forms/fields";

// docs/product.md "Cost prices and profit": the owner's cost price of a product, on its page. Posts
// to the page's action (intent cost), which calls the same service as PUT /api/products/{id}/cost.

/** `sellsFor`: what one sells for now (naira, after its sale discount), for the profit a unit. */
export function CostPricePanel({ cost, sellsFor }: { cost: ProductCost; sellsFor: number }) {
  const { fetcher, answer, busy, start } = useIntentForm("cost");
  const { errors, onSubmit } = useZodForm(productCostInput, answer);
  return (
    <fetcher.Form
      method="post"
      onSubmit={onSubmit}
      className="grid gap-3 rounded-2xl border border-line bg-linen p-4"
      data-testid="cost-price"
    >
      <input type="hidden" name="intent" value="cost" />
      <div>
        <h2 className="font-semibold">Cost price</h2>
        <p className="text-sm text-muted">
          What one costs you to make or buy. Only owners see it; Reports shows your profit from it. Leave it blank to take it away.
        </p>
      </div>
      <CostPriceField
        defaultValue={start.text("cost", cost.cost === null ? "" : String(cost.cost))}
        error={errors.cost}
        hint={cost.cost === null ? undefined : unitProfitWords(cost.cost, sellsFor)}
      />
      <div>
        <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy}>
          {busy ? "Saving..." : "Save cost price"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The cost price's field: on the product's page, and on the owner's form for a new product. */
export function CostPriceField({ defaultValue, error, hint }: { defaultValue: string; error?: string; hint?: string }) {
  return (
    <Field
      label="Cost price (₦)"
      name="cost"
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0"
      defaultValue={defaultValue}
      error={error}
      hint={hint}
    />
  );
}

/** "Sells for ₦15,000: ₦6,000 profit a unit (40%)." */
export function unitProfitWords(cost: number, sellsFor: number) {
  const { profit, margin } = unitProfit(cost, sellsFor);
  return profit < 0
    ? `Sells for ${formatNairaAmount(sellsFor)}: ${formatNairaAmount(-profit)} less than it costs you.`
    : `Sells for ${formatNairaAmount(sellsFor)}: ${formatNairaAmount(profit)} profit a unit${margin === null ? "" : ` (${margin}%)`}.`;
}
