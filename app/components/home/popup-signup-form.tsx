import { useFetcher } from "react-router";
import { useBusy, useOnAnswer, type FormResult } from "../../lib/forms";

// the title is the page's h1 on /popup, an h2 inside the home page's dialog
type Props = { titleId: string; idPrefix: string; titleLevel?: 1 | 2; onSignedUp?: () => void };

const nameFields = [
  { name: "firstName", label: "First name", autoComplete: "given-name", id: "first-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name", id: "last-name" },
] as const;

/**
 * First name, last name, email and Sign Up (docs/product.md §2 pop-up), posted to the /newsletter
 * action with source "popup". The server checks the fields (no zod in the home page's JS).
 */
export function PopupSignupForm({ titleId, idPrefix, titleLevel = 2, onSignedUp }: Props) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  const answer = fetcher.data;
  const fields = answer?.fields ?? {};
  const status = `${idPrefix}-status`;
  useOnAnswer(answer, (a) => {
    if (a.ok) onSignedUp?.();
  });
  // the field the server named (a name with a line break or a web address is refused too)
  const problem = answer && !answer.ok ? (fields.email ?? fields.firstName ?? fields.lastName ?? answer.msg) : "";

  return (
    <div>
      <p className="text-sm font-bold uppercase tracking-[0.2em] text-rose-dark">Join our circle</p>
      <Title id={titleId} className="mt-2 text-2xl sm:text-3xl">
        A little calm in your inbox
      </Title>
      <p className="mt-2 text-muted">Gentle self-care notes, new arrivals and members-only offers. No spam, ever.</p>
      {answer?.ok ? (
        <p role="status" className="mt-6 rounded-2xl bg-sage-soft p-4 font-semibold text-sage">
          {answer.msg}
        </p>
      ) : (
        <fetcher.Form method="post" action="/newsletter" noValidate className="mt-5 space-y-3">
          <input type="hidden" name="source" value="popup" />
          <div className="grid gap-3 sm:grid-cols-2">
            {nameFields.map((f) => (
              <div key={f.name}>
                <label htmlFor={`${idPrefix}-${f.id}`} className="label">
                  {f.label}
                </label>
                <input
                  id={`${idPrefix}-${f.id}`}
                  name={f.name}
                  autoComplete={f.autoComplete}
                  maxLength={60}
                  className="input"
                  aria-invalid={fields[f.name] ? true : undefined}
                  aria-describedby={fields[f.name] ? status : undefined}
                />
              </div>
            ))}
          </div>
          <div>
            <label htmlFor={`${idPrefix}-email`} className="label">
              Email
            </label>
            <input
              id={`${idPrefix}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              className="input"
              aria-invalid={fields.email ? true : undefined}
              aria-describedby={status}
            />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            Sign Up
          </button>
          <p id={status} role="status" aria-live="polite" className="min-h-5 text-sm text-rose-dark">
            {problem}
          </p>
        </fetcher.Form>
      )}
    </div>
  );
}
