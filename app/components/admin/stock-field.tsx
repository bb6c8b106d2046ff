import { useState } from "react";
import { fieldProps } from "./field";

/**
 * 'Track stock' switch and the quantity (modules/catalog/admin-schemas.ts: a product is
 * stock-tracked with a quantity, or not tracked and always buyable). Off, no quantity is sent.
 */
export function StockField({ initial, error }: { initial: { trackStock: boolean; stock: number | null }; error?: string }) {
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
          aria-describedby="f-trackStock-hint"
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative inline-block h-6 w-11 shrink-0 rounded-full bg-taupe transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:transition-transform peer-checked:bg-sage peer-checked:after:translate-x-5 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-rose"
        />
        <span className="font-semibold">Track stock</span>
      </label>
      <p id="f-trackStock-hint" className="mt-1 text-xs text-muted">
        {track
          ? "Shoppers can buy up to the quantity; at 0 the product shows 'Sold out'."
          : "Not tracked: always buyable, never 'Sold out'."}
      </p>
      {track ? (
        <div className="mt-3 max-w-xs">
          <label htmlFor="f-stock" className="label">
            Quantity in stock
          </label>
          <input
            {...fieldProps("stock", error)}
            className="input"
            type="number"
            step="1"
            min="0"
            inputMode="numeric"
            defaultValue={initial.stock ?? ""}
          />
        </div>
      ) : null}
      {error ? (
        <p id="f-stock-error" className="mt-1 text-sm font-semibold text-rose">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
