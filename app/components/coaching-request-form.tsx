import { Form } from "react-router";
import { coachingOfferNames, coachingOffers, type CoachingOffer } from "../../modules/marketing/coaching-offers";
import { Field, FormMessage } from "./forms/fields";
import { usePageForm, type FormResult } from "../lib/forms";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const requestSchema = () => import("../../modules/marketing/schemas").then((m) => m.coachingRequestInput);

/**
 * /author's 'Book a call with our coach' (docs/product.md "Messages"): her name, a WhatsApp
 * number or an email, which offer, a note. Posted to the page's own action; before the script runs
 * the page comes back with the answer, or with what she typed and the field to fix.
 */
export function CoachingRequestForm({ answer, offer }: { answer: FormResult | undefined; offer: CoachingOffer }) {
  const { form, busy, errors, onSubmit, typed, banner } = usePageForm(requestSchema, answer);
  return (
    <Form method="post" ref={form} onSubmit={onSubmit} noValidate className="mt-6 grid max-w-xl gap-4" aria-label="Book a coaching call">
      <FormMessage tone={answer?.ok ? "success" : "error"}>{banner}</FormMessage>
      <Field
        label="Your name"
        name="name"
        id="coaching-name"
        error={errors.name}
        required
        autoComplete="name"
        maxLength={100}
        defaultValue={typed?.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="WhatsApp number"
          name="phone"
          id="coaching-phone"
          error={errors.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={30}
          defaultValue={typed?.phone}
        />
        <Field
          label="Email"
          name="email"
          id="coaching-email"
          error={errors.email}
          type="email"
          autoComplete="email"
          defaultValue={typed?.email}
        />
      </div>
      <p className="-mt-2 text-sm text-muted">One of the two is enough: the coach answers on WhatsApp when you leave your number.</p>
      <Field label="What would you like?" name="offer" id="coaching-offer" error={errors.offer}>
        {(control) => (
          <select {...control} defaultValue={typed?.offer ?? offer}>
            {coachingOffers.map((o) => (
              <option key={o} value={o}>
                {coachingOfferNames[o]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Anything the coach should know (optional)" name="note" id="coaching-note" error={errors.note}>
        {(control) => <textarea {...control} rows={3} maxLength={1000} defaultValue={typed?.note} />}
      </Field>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" name="newsletter" value="true" defaultChecked={typed?.newsletter === "true"} className="mt-0.5 h-5 w-5" />
        <span>Also send me gentle notes and offers by email</span>
      </label>
      <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
        {busy ? "Sending..." : "Book my call"}
      </button>
    </Form>
  );
}
