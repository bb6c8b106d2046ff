import { Form } from "react-router";
import { Field, FormMessage } from "./forms/fields";
import { usePageForm, type FormResult } from "../lib/forms";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const requestSchema = () => import("../../modules/marketing/schemas").then((m) => m.teamGiftsInput);

/**
 * /teamgifts' 'Ask for a quote' (docs/product.md "Gifts for teams"): who asks, a WhatsApp number or
 * an email, how many people, the budget a gift, the day and a note. Posted to the page's own action;
 * before the script runs the page comes back with the answer, or with what she typed and the field to fix.
 */
export function TeamGiftsForm({ answer, today }: { answer: FormResult | undefined; today: string }) {
  const { form, busy, errors, onSubmit, typed, banner } = usePageForm(requestSchema, answer);
  return (
    <Form method="post" ref={form} onSubmit={onSubmit} noValidate className="mt-6 grid max-w-xl gap-4" aria-label="Ask for a quote">
      <FormMessage tone={answer?.ok ? "success" : "error"}>{banner}</FormMessage>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Your name" name="name" error={errors.name} required autoComplete="name" maxLength={100} defaultValue={typed?.name} />
        <Field
          label="Company or group (optional)"
          name="company"
          error={errors.company}
          autoComplete="organization"
          maxLength={120}
          defaultValue={typed?.company}
        />
        <Field
          label="WhatsApp number"
          name="phone"
          error={errors.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={30}
          defaultValue={typed?.phone}
        />
        <Field label="Email" name="email" error={errors.email} type="email" autoComplete="email" defaultValue={typed?.email} />
      </div>
      <p className="-mt-2 text-sm text-muted">One of the two is enough: we answer on WhatsApp when you leave your number.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Number of people"
          name="people"
          error={errors.people}
          required
          type="number"
          inputMode="numeric"
          min={2}
          max={10000}
          defaultValue={typed?.people}
        />
        <Field
          label="Budget a gift (₦, optional)"
          name="budgetEach"
          error={errors.budgetEach}
          type="number"
          inputMode="numeric"
          min={1000}
          step={500}
          defaultValue={typed?.budgetEach}
        />
        <Field
          label="Needed by (optional)"
          name="neededBy"
          error={errors.neededBy}
          type="date"
          min={today}
          defaultValue={typed?.neededBy}
        />
      </div>
      <Field
        label="Anything we should know (optional)"
        name="note"
        error={errors.note}
        hint="Your logo on the card, one address or many, a theme."
      >
        {(control) => <textarea {...control} rows={3} maxLength={1000} defaultValue={typed?.note} />}
      </Field>
      <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
        {busy ? "Sending..." : "Ask for a quote"}
      </button>
    </Form>
  );
}
