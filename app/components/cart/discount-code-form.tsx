import { Tag, X } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useZodForm, type FormResult } from "../../lib/forms";
import { FieldError } from "../forms/fields";

const codeSchema = () => import("../../../modules/discounts/shopper-code").then((m) => m.cartCodeInput);

/**
 * The cart's "Discount code" (docs/product.md "Discount codes"): applied or removed through the
 * cart's route action, which keeps it for the visit; the order summary shows what it saves or
 * why it does not apply. Closed behind "Have a discount code?" until she asks for it. The checkout
 * shows the same field, posting to the cart's action (`action="/cart"`).
 */
export function DiscountCodeForm({ code, action }: { code: string | null; action?: string }) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  // its rules (and zod) are fetched once she opens the box: most shoppers have no code
  const [opened, setOpened] = useState(false);
  const { errors, onSubmit, msg } = useZodForm(codeSchema, fetcher.data, { wanted: opened });
  const error = errors.code ?? msg;

  if (code)
    return (
      <fetcher.Form
        method="post"
        action={action}
        className="flex items-center justify-between gap-3 rounded-xl border border-line bg-cream px-3 py-2"
      >
        <span className="flex min-w-0 items-center gap-2 text-sm">
          <Tag size={16} className="shrink-0 text-sage" aria-hidden="true" />
          <span className="break-all">
            <span className="sr-only">Discount code </span>
            <strong data-testid="applied-code">{code}</strong>
          </span>
        </span>
        <button
          type="submit"
          name="intent"
          value="remove-code"
          aria-label={`Remove the code ${code}`}
          className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-rose-dark hover:bg-sand"
          disabled={busy}
        >
          <X size={16} aria-hidden="true" /> {busy ? "Removing..." : "Remove"}
        </button>
      </fetcher.Form>
    );

  return (
    <details
      className="group rounded-xl border border-line bg-cream px-3 py-2"
      open={!!error || undefined}
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
    >
      <summary className="flex min-h-10 cursor-pointer list-none items-center gap-2 text-sm font-semibold">
        <Tag size={16} className="text-sage" aria-hidden="true" /> Have a discount code?
      </summary>
      <fetcher.Form method="post" action={action} noValidate onSubmit={onSubmit} className="mt-2 pb-1">
        <label htmlFor="discount-code" className="label">
          Discount code
        </label>
        <div className="flex gap-2">
          <input
            id="discount-code"
            name="code"
            className="input min-w-0 flex-1"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "discount-code-error" : undefined}
          />
          <button type="submit" name="intent" value="apply-code" className="btn-outline shrink-0" disabled={busy}>
            {busy ? "Applying..." : "Apply"}
          </button>
        </div>
        <FieldError id="discount-code-error" error={error} />
      </fetcher.Form>
    </details>
  );
}
