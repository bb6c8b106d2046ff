import { useState, type FormEvent } from "react";
import { postJson } from "../../lib/api-client";

// the title is the page's h1 on /popup, an h2 inside the home page's dialog
type Props = { titleId: string; idPrefix: string; titleLevel?: 1 | 2; onSignedUp?: () => void };

/** First name, last name, email and Sign Up (docs/product.md §2 pop-up); stored through POST /api/newsletter, source "popup". */
export function PopupSignupForm({ titleId, idPrefix, titleLevel = 2, onSignedUp }: Props) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  const [state, setState] = useState<{ status: "idle" | "busy" | "done" | "error"; msg?: string; fields?: Record<string, string> }>({
    status: "idle",
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      email: String(form.get("email") ?? ""),
      firstName: String(form.get("firstName") ?? "") || undefined,
      lastName: String(form.get("lastName") ?? "") || undefined,
      source: "popup" as const,
    };
    // the server validates with newsletterInput; this quick check saves a round trip (and keeps zod out of the home page's JS)
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email.trim())) {
      setState({ status: "error", msg: "Enter a valid email address", fields: { email: "Enter a valid email address" } });
      return;
    }
    setState({ status: "busy" });
    const result = await postJson<{ msg: string }>("/api/newsletter", body);
    if (result.ok) {
      setState({ status: "done", msg: result.data.msg });
      onSignedUp?.();
    } else {
      const f = result.error.fields;
      // the field the server named (a name with a line break or a web address is refused too)
      setState({ status: "error", msg: f?.email ?? f?.firstName ?? f?.lastName ?? result.error.msg, fields: f });
    }
  }

  return (
    <div>
      <p className="text-sm font-bold uppercase tracking-[0.2em] text-rose-dark">Join our circle</p>
      <Title id={titleId} className="mt-2 text-2xl sm:text-3xl">
        A little calm in your inbox
      </Title>
      <p className="mt-2 text-muted">Gentle self-care notes, new arrivals and members-only offers. No spam, ever.</p>
      {state.status === "done" ? (
        <p role="status" className="mt-6 rounded-2xl bg-sage-soft p-4 font-semibold text-sage">
          {state.msg}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={`${idPrefix}-first-name`} className="label">
                First name
              </label>
              <input
                id={`${idPrefix}-first-name`}
                name="firstName"
                autoComplete="given-name"
                maxLength={60}
                className="input"
                aria-invalid={state.fields?.firstName ? true : undefined}
                aria-describedby={state.fields?.firstName ? `${idPrefix}-status` : undefined}
              />
            </div>
            <div>
              <label htmlFor={`${idPrefix}-last-name`} className="label">
                Last name
              </label>
              <input
                id={`${idPrefix}-last-name`}
                name="lastName"
                autoComplete="family-name"
                maxLength={60}
                className="input"
                aria-invalid={state.fields?.lastName ? true : undefined}
                aria-describedby={state.fields?.lastName ? `${idPrefix}-status` : undefined}
              />
            </div>
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
              aria-invalid={state.fields?.email ? true : undefined}
              aria-describedby={`${idPrefix}-status`}
            />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={state.status === "busy"}>
            Sign Up
          </button>
          <p id={`${idPrefix}-status`} role="status" aria-live="polite" className="min-h-5 text-sm text-rose-dark">
            {state.status === "error" ? state.msg : ""}
          </p>
        </form>
      )}
    </div>
  );
}
