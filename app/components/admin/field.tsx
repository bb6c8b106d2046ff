/** A labelled form field with its error message tied to it (aria-describedby). */
export function Field({
  name,
  label,
  error,
  children,
  hint,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`f-${name}`} className="label">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      {error ? (
        <p id={`f-${name}-error`} className="mt-1 text-sm font-semibold text-rose">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const fieldProps = (name: string, error?: string) => ({
  id: `f-${name}`,
  name,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `f-${name}-error` : undefined,
});
