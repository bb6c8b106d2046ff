import { useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { discountFormErrors, discountFormValues, discountKinds } from "../../../modules/discounts/schemas";
import type { DiscountCodeView, ScopeChoices } from "../../../modules/discounts/types";
import { startingValues, useBusy, type FormResult } from "../../lib/forms";
import { Field, FormMessage } from "../forms/fields";

const kindLabels: Record<(typeof discountKinds)[number], string> = {
  fixed: "Fixed amount (₦ off)",
  percent: "Percentage (% off)",
  free_delivery: "Free delivery",
};

/** A stored instant (2027-02-14T09:00:00+01:00) as a datetime-local input shows it: Lagos time. */
const localValue = (iso: string | null | undefined) => (iso ? iso.slice(0, 16) : "");

/**
 * /creatediscount and /editdiscount/{id} (docs/product.md "Discount codes"): a form posted to the
 * page's action, checked in the browser first with the schema the server uses.
 */
export function DiscountForm({ code, choices, result }: { code?: DiscountCodeView; choices: ScopeChoices; result?: FormResult }) {
  const busy = useBusy();
  // the code's values, or what a refused form sent when the page is drawn again without its script
  const start = startingValues(result);
  const [kind, setKind] = useState(() => start.text("kind", code?.kind ?? "fixed"));
  const [client, setClient] = useState<{ fields: Record<string, string>; answered: FormResult | undefined } | null>(null);
  const fresh = client && client.answered === result ? client.fields : null;
  const errors: Record<string, string> = fresh ?? result?.fields ?? {};
  const banner = fresh ? null : result?.msg;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const fields = discountFormErrors(discountFormValues(new FormData(event.currentTarget)));
    if (!Object.keys(fields).length) return setClient(null);
    event.preventDefault();
    setClient({ fields, answered: result });
  }

  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="grid max-w-3xl gap-4 rounded-2xl border border-line bg-linen p-4 sm:grid-cols-2 sm:p-6"
    >
      {banner ? (
        <div className="sm:col-span-2">
          <FormMessage tone="error">{banner}</FormMessage>
        </div>
      ) : null}
      <Field
        label="Code"
        name="code"
        error={errors.code}
        hint="What shoppers type: letters, digits, - and _ (any case)."
        defaultValue={start.text("code", code?.code ?? "")}
        required
        maxLength={30}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <Field label="Discount" name="kind" error={errors.kind}>
        {(control) => (
          <select {...control} value={kind} onChange={(e) => setKind(e.target.value)}>
            {discountKinds.map((k) => (
              <option key={k} value={k}>
                {kindLabels[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {kind === "fixed" ? (
        <Field
          label="Amount off (₦)"
          name="amount"
          error={errors.amount}
          defaultValue={start.text("amount", String(code?.amount ?? ""))}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
        />
      ) : null}
      {kind === "percent" ? (
        <Field
          label="Percentage off (%)"
          name="percent"
          error={errors.percent}
          defaultValue={start.text("percent", String(code?.percent ?? ""))}
          type="number"
          min={1}
          max={100}
          step={1}
          inputMode="numeric"
        />
      ) : null}
      <Field
        label="Minimum order (₦)"
        name="minOrder"
        error={errors.minOrder}
        hint="The goods at sale prices, before the code. Empty: none."
        defaultValue={start.text("minOrder", String(code?.minOrder || ""))}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
      />
      <Field
        label="Total uses"
        name="maxUses"
        error={errors.maxUses}
        hint="Paid orders, and unpaid ones holding it. Empty: no limit."
        defaultValue={start.text("maxUses", String(code?.maxUses ?? ""))}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
      />
      <Field
        label="Uses per customer"
        name="maxUsesPerCustomer"
        error={errors.maxUsesPerCustomer}
        hint="By email or phone. Empty: no limit."
        defaultValue={start.text("maxUsesPerCustomer", String(code?.maxUsesPerCustomer ?? ""))}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
      />
      <Field
        label="Starts (Lagos time)"
        name="startsAt"
        error={errors.startsAt}
        hint="Empty: from now."
        defaultValue={start.text("startsAt", localValue(code?.startsAt))}
        type="datetime-local"
      />
      <Field
        label="Ends (Lagos time)"
        name="endsAt"
        error={errors.endsAt}
        hint="Empty: never ends."
        defaultValue={start.text("endsAt", localValue(code?.endsAt))}
        type="datetime-local"
      />
      <Field label="Only these products" name="productIds" error={errors.productIds} hint="None chosen (and no category): the whole cart.">
        {(control) => (
          <select {...control} multiple size={5} defaultValue={start.list("productIds", code?.productIds ?? [])}>
            {choices.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Only these categories" name="categoryIds" error={errors.categoryIds}>
        {(control) => (
          <select {...control} multiple size={5} defaultValue={start.list("categoryIds", code?.categoryIds ?? [])}>
            {choices.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="flex min-h-10 items-center gap-2 text-sm font-semibold sm:col-span-2">
        <input
          type="checkbox"
          name="paused"
          defaultChecked={start.ticked("paused", code?.paused ?? false)}
          className="h-5 w-5 accent-rose"
        />
        Paused (shoppers are told the code is not active)
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving..." : code ? "Update Code" : "Create Code"}
        </button>
        <Link to="/discounttable" className="btn-outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
