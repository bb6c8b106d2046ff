import { formatNaira } from "../../../lib/money";
import type { DeliveryMethod } from "../../../modules/delivery/types";
import { useHydrated } from "../../lib/scripted";
import { Radio } from "../forms/radio";
import type { CheckoutDelivery } from "../../routes/shop/checkout-dates.server";

export type DateSlotChoice = { date: string; window: string };

type Props = {
  delivery: CheckoutDelivery;
  /** the delivery chosen above: with Standard, a date only Express reaches says so */
  method: DeliveryMethod;
  value: DateSlotChoice;
  /**
   * what she changed: the date (with the window when it clears both) or the window alone. Each pick
   * names only its own part, so a date and a window both picked before the script ran are each taken
   * up without undoing the other.
   */
  onChange: (change: Partial<DateSlotChoice>) => void;
  errors: { deliveryDate?: string; deliveryWindow?: string };
  /** Express chosen for a date Standard also reaches: what Standard would save (kobo; 0 or absent: nothing to say) */
  standardSaves?: number;
  /** the note's button, once the script runs: switches the delivery above to Standard */
  onChooseStandard?: () => void;
};

/**
 * docs/product.md "Delivery on a chosen date": the next 14 days for her area as plain radio buttons
 * (server-rendered, so they work before the script loads), each date she cannot have greyed out with
 * its reason, and the time windows with their surcharge. With Standard chosen, a date sooner than
 * its 3 days reads 'Express only' (it can still be picked: the order then asks for Express, with
 * the script or without). No date-picker library: a phone shows a grid of three chips a row. A pick
 * made before the script ran still counts (forms/radio).
 */
export function DeliveryDatePicker({ delivery, method, value, onChange, errors, standardSaves = 0, onChooseStandard }: Props) {
  const { picker } = delivery;
  if (!picker) return null;
  const optional = picker.mode === "optional";
  const dateError = errors.deliveryDate ?? delivery.problem ?? undefined;
  return (
    <fieldset
      className="rounded-2xl border border-line bg-linen p-4 sm:p-5"
      aria-describedby={`delivery-date-help${dateError ? " delivery-date-error" : ""}`}
      data-testid="delivery-date-picker"
    >
      <legend className="px-1 text-lg font-bold">
        Delivery date{optional ? <span className="text-sm font-normal text-muted"> (optional)</span> : null}
      </legend>
      <p id="delivery-date-help" className="mt-1 text-sm text-muted">
        {picker.cutoff ? `${picker.cutoff} ` : ""}Dates we can't meet for {picker.lga} are greyed out with the reason.
      </p>
      {dateError ? (
        <p id="delivery-date-error" className="mt-2 text-sm font-semibold text-rose-dark" role="alert">
          {dateError}
        </p>
      ) : null}
      {optional ? (
        <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3 text-sm">
          <Radio
            name="deliveryDate"
            value=""
            checked={value.date === ""}
            onPick={() => onChange({ date: "", window: "" })}
            className="h-5 w-5 accent-rose"
          />
          <span>
            <strong>No particular date</strong> <span className="text-muted">(as fast as the delivery you choose)</span>
          </span>
        </label>
      ) : null}
      <div className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="delivery-dates">
        {picker.choices.map((c) => {
          const checked = value.date === c.date;
          const needsExpress = c.available && c.expressOnly && method === "standard";
          return (
            <label
              key={c.date}
              data-testid={`date-${c.date}`}
              data-available={c.available}
              data-express-only={needsExpress || undefined}
              className={`flex min-h-16 flex-col rounded-xl border px-2 py-1.5 text-sm ${
                !c.available
                  ? "cursor-not-allowed border-line bg-sand/40 text-muted"
                  : checked
                    ? "cursor-pointer border-rose bg-blush"
                    : "cursor-pointer border-line"
              }`}
            >
              <span className="flex items-center gap-1.5">
                <Radio
                  name="deliveryDate"
                  value={c.date}
                  checked={checked}
                  disabled={!c.available}
                  onPick={() => onChange({ date: c.date })}
                  className="h-4 w-4 shrink-0 accent-rose"
                />
                <span className={`font-semibold ${c.available ? "" : "line-through"}`}>{c.label}</span>
              </span>
              <span className={`mt-0.5 text-xs leading-tight ${c.available && !needsExpress ? "text-muted" : "text-rose-dark"}`}>
                {c.why ??
                  (needsExpress ? "Express only" : c.peak ? `${c.peak}${c.feeKobo ? ` +${formatNaira(c.feeKobo)}` : ""}` : "Available")}
              </span>
            </label>
          );
        })}
      </div>
      {method === "express" && standardSaves > 0 && value.date === delivery.date ? (
        <StandardSaves
          day={picker.choices.find((c) => c.date === value.date)?.label ?? value.date}
          kobo={standardSaves}
          onChoose={onChooseStandard}
        />
      ) : null}
      {picker.windows.length ? (
        <fieldset className="mt-4" aria-describedby={errors.deliveryWindow ? "delivery-window-error" : undefined}>
          <legend className="text-sm font-bold">Time window</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="delivery-windows">
            <WindowChoice
              label="Any time that day"
              extra="no extra"
              value=""
              chosen={value.window}
              onPick={(w) => onChange({ window: w })}
            />
            {picker.windows.map((w) => (
              <WindowChoice
                key={w.id}
                label={w.label}
                extra={w.surchargeKobo ? `+${formatNaira(w.surchargeKobo)}` : "no extra"}
                value={w.id}
                chosen={value.window}
                onPick={(id) => onChange({ window: id })}
              />
            ))}
          </div>
          {errors.deliveryWindow ? (
            <p id="delivery-window-error" className="mt-2 text-sm font-semibold text-rose-dark">
              {errors.deliveryWindow}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

function WindowChoice({
  label,
  extra,
  value,
  chosen,
  onPick,
}: {
  label: string;
  extra: string;
  value: string;
  chosen: string;
  onPick: (id: string) => void;
}) {
  const checked = chosen === value;
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 text-sm ${checked ? "border-rose bg-blush" : "border-line"}`}
    >
      <Radio name="deliveryWindow" value={value} checked={checked} onPick={() => onPick(value)} className="h-5 w-5 accent-rose" />
      <span>
        <strong>{label}</strong> <span className="text-muted">· {extra}</span>
      </span>
    </label>
  );
}

/**
 * Express for a date Standard also reaches: the order arrives that day either way, so she is told what
 * Standard saves. The button comes with the script (its own component: the picker's radios are not
 * drawn again when it appears, which would undo a pick made before the script ran); before, the
 * Standard choice above does it.
 */
function StandardSaves({ day, kobo, onChoose }: { day: string; kobo: number; onChoose?: () => void }) {
  const hydrated = useHydrated();
  return (
    <div className="mt-3 rounded-xl bg-blush px-3 py-2 text-sm" data-testid="standard-saves">
      <p>
        Standard delivery also arrives on <strong>{day}</strong>, for <strong>{formatNaira(kobo)} less</strong>.
        {hydrated && onChoose ? null : " Choose Standard above to pay less."}
      </p>
      {hydrated && onChoose ? (
        <button type="button" onClick={onChoose} className="btn-outline mt-2 !min-h-10 !px-4 !py-1.5 text-sm">
          Switch to Standard
        </button>
      ) : null}
    </div>
  );
}
