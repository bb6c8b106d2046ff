type Props<T extends string> = {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: string;
  onChange?: (value: T) => void;
  error?: string;
};

/** One choice among a few as radio chips a thumb can hit (the sale's source, how it is paid): one tap, no menu. */
export function ChipChoices<T extends string>({ legend, name, options, labels, value, onChange, error }: Props<T>) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="label">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-linen px-4 text-sm font-semibold has-[:checked]:border-rose has-[:checked]:bg-blush has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-rose"
          >
            <input
              type="radio"
              name={name}
              value={o}
              defaultChecked={value === o}
              onChange={() => onChange?.(o)}
              className="h-4 w-4 accent-rose"
            />
            {labels[o]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-rose-dark">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
