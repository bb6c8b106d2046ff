import { Eye, EyeOff } from "lucide-react";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";

/** What ties a control to its label, hint and message (ids, aria), for a select or a textarea in a Field. */
export type ControlProps = {
  id: string;
  name: string;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  /** on a field with a message: a page the server drew for a refused form opens on it (the first one wins) */
  autoFocus?: true;
};

type FieldProps = {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** another control than a text input (a select, a textarea): rendered with the props that tie it to the label and messages */
  children?: (control: ControlProps) => ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "children">;

/**
 * The one labelled field of every form: the label, the control (an input unless `children` draws
 * another), a hint and the field's message right under it (docs/product.md §4: messages beside the field).
 * A field with a message is marked `autofocus`: a form refused before the page's script ran comes
 * back as a new page, and the browser puts focus on its first such field (the script, once running,
 * moves focus itself: autofocus acts only as a page loads).
 */
export function Field({ label, name, error, hint, id = `field-${name}`, className, children, ...input }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = {
    id,
    name,
    className: "input",
    ...(error ? { "aria-invalid": true as const, autoFocus: true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children ? children(control) : <input {...control} {...input} />}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** First Name and Last Name side by side (sign-up, promo sign-up, profile, a new team member). */
export function NameFields({
  errors,
  saved,
  autoComplete = true,
}: {
  errors: Record<string, string>;
  /** her saved name, or what she typed into a form the server refused */
  saved?: { firstName?: string | null; lastName?: string | null };
  /** off for someone else's name (an admin adding a team member) */
  autoComplete?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(
        [
          ["First Name", "firstName", "given-name"],
          ["Last Name", "lastName", "family-name"],
        ] as const
      ).map(([label, name, hint]) => (
        <Field
          key={name}
          label={label}
          name={name}
          required
          defaultValue={saved?.[name] ?? undefined}
          autoComplete={autoComplete ? hint : "off"}
          maxLength={60}
          error={errors[name]}
        />
      ))}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-rose-dark">
      {error}
    </p>
  );
}

/** An account form's email; `typed`, what she sent in a form the server refused (redrawnFormAction). */
export function EmailField({ error, typed, autoComplete = "email" }: { error?: string; typed?: string; autoComplete?: string }) {
  return <Field label="Email" name="email" type="email" required autoComplete={autoComplete} defaultValue={typed} error={error} />;
}

/** Password with the spec's show/hide toggle. */
export function PasswordField({
  label = "Password",
  name = "password",
  error,
  autoComplete = "current-password",
  id = `field-${name}`,
  retype = false,
}: {
  label?: string;
  name?: string;
  error?: string;
  autoComplete?: string;
  id?: string;
  /** a sign-in refused without naming a field (a wrong password): the page drawn again opens here, her email kept above */
  retype?: boolean;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          required
          minLength={autoComplete === "new-password" ? 8 : undefined}
          maxLength={128}
          autoComplete={autoComplete}
          className="input pr-12"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus={error || retype ? true : undefined}
        />
        <button
          type="button"
          onClick={() => setShown((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-muted hover:text-ink"
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={shown}
          aria-controls={id}
        >
          {shown ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </button>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The form's banner: an error (role alert) or a success note (role status). */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  if (!children) return null;
  return tone === "error" ? (
    <div role="alert" className="rounded-xl border border-rose/40 bg-blush px-4 py-3 text-sm text-rose-dark">
      {children}
    </div>
  ) : (
    <div role="status" className="rounded-xl border border-sage/40 bg-sage-soft px-4 py-3 text-sm text-ink">
      {children}
    </div>
  );
}

/** The frame every account screen shares: a narrow card with a heading. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-3xl border border-line bg-linen/60 p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl">{title}</h1>
        {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

const GENERIC = "Something went wrong. Please try again.";
/** docs/product.md §8 (login, forgot-password, register, admin register): the generic line, then the server's reason when it gives one. */
export function FailureText({ msg }: { msg: string }) {
  return (
    <>
      <strong className="block">{GENERIC}</strong>
      {msg !== GENERIC ? <span>{msg}</span> : null}
    </>
  );
}
