import { useEarlyInput } from "../../lib/early-input";

type Props = {
  id: string;
  areas: string[];
  value: string;
  onChange: (lga: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
};

/**
 * The shopper's delivery area, one of the shop's (docs/product.md §9: delivery is priced per
 * LGA). Until she picks one, nothing is charged for delivery; there is no
 * 'Other area': a shop that delivers elsewhere lists an area for it under /lga.
 */
export function DeliveryAreaSelect({ id, areas, value, onChange, label = "Delivery area", error, disabled }: Props) {
  // an area picked before the page's script ran counts once it runs
  const select = useEarlyInput<HTMLSelectElement>((shown) => {
    if (shown.value && shown.value !== value) onChange(shown.value);
  });
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        ref={select}
        id={id}
        name="lga"
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="" disabled>
          Choose your area
        </option>
        {areas.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose">
          {error}
        </p>
      ) : null}
    </div>
  );
}
