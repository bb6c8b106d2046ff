import { useIntentForm } from "../forms/intent-form";
import { lagosDayTime } from "../../../lib/lagos-calendar";
import { CUSTOMER_NOTE_MAX, customerNoteInput, type CustomerNote } from "../../../modules/orders/customer-note-schemas";
import { useZodForm } from "../../lib/forms";
import { Field } from "../forms/fields";

// docs/product.md "Notes about a customer": the team's note about her, under her details on any of
// her orders' pages. Posts to the order page's action (intent customer-note), which calls the same
// service as PUT /api/purchases/{id}/customer-note.

export function CustomerNotePanel({ note }: { note: CustomerNote }) {
  const { fetcher, answer, busy, start } = useIntentForm("customer-note");
  const { errors, onSubmit } = useZodForm(customerNoteInput, answer);
  return (
    <fetcher.Form method="post" onSubmit={onSubmit} className="mt-3 grid gap-2 border-t border-line pt-3" data-testid="customer-note">
      <input type="hidden" name="intent" value="customer-note" />
      <Field
        id="field-customer-note"
        label="Notes about her"
        name="note"
        error={errors.note}
        hint="For the team only, on all her orders: how she pays, what she likes, where the rider finds her gate."
      >
        {(control) => <textarea {...control} rows={3} maxLength={CUSTOMER_NOTE_MAX} defaultValue={start.text("note", note?.note ?? "")} />}
      </Field>
      {note ? (
        <p className="text-xs text-muted" data-testid="customer-note-saved">
          Saved{note.by ? ` by ${note.by}` : ""} on {lagosDayTime(new Date(note.at), "short")}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn-outline min-h-10 py-2" disabled={busy}>
          {busy ? "Saving..." : "Save note"}
        </button>
      </div>
    </fetcher.Form>
  );
}
