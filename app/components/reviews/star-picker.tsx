import { Star } from "lucide-react";
import { FieldError } from "../forms/fields";

/** 1 to 5 star picker (docs/product.md §2), a radio group so it works with a keyboard and a screen reader. */
export function StarPicker({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number;
  onChange: (v: number) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="label">Your rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded-full p-1 focus-within:outline focus-within:outline-2 focus-within:outline-rose">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            {/* unchosen stars in taupe: 3.48:1 on linen (WCAG 1.4.11 asks 3:1; the old line colour was 1.36:1) */}
            <Star size={28} aria-hidden="true" className={n <= value ? "fill-gold text-gold" : "text-taupe"} />
            <span className="sr-only">
              {n} {n === 1 ? "star" : "stars"}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}
