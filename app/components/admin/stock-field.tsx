import { useState } from "react";
import { Field, FieldError } from "../forms/fields";

/**
 * 'Track stock' switch and the quantity (modules/catalog/admin-schemas.ts: a product is
 * stock-tracked with a quantity, or not tracked and always buyable). Off, no quantity is sent.
 */
export function StockField({ initial, error }: { initial: { trackStock: boolean; stock: string }; error?: string }) {
  const [track, setTrack] = useState(initial.trackStock);
  return (
    <fieldset className="rounded-xl border border-line p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold">Stock</legend>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          name="trackStock"
          value="true"
          checked={track}
          onChange={(e) => setTrack(e.target.checked)}
          aria-describedby="field-trackStock-hint"
          className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-taupe transition-colors before:absolute before:left-0.5 before:top-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:transition-transform before:content-[''] checked:bg-sage checked:before:translate-x-5"
        />
        <span className="font-semibold">Track stock</span>
      </label>
      {/* an unticked box sends nothing: this says "not tracked" in so many words (the box, when ticked, comes first) */}
      <input type="hidden" name="trackStock" value="false" />
      <p id="field-trackStock-hint" className="mt-1 text-xs text-muted">
        {track
          ? "Shoppers can buy up to the quantity; at 0 the product shows 'Sold out'."
          : "Not tracked: always buyable, never 'Sold out'."}
      </p>
      {track ? (
        <Field
          label="Quantity in stock"
          name="stock"
          className="mt-3 max-w-xs"
          error={error}
          type="number"
          step="1"
          min="0"
          inputMode="numeric"
          defaultValue={initial.stock}
        />
      ) : (
        <FieldError id="field-stock-error" error={error} />
      )}
    </fieldset>
  );
}
