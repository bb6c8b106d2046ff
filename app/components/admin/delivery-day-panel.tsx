import { useState } from "react";
import { shortDay } from "../../../lib/lagos-calendar";
import { deliveryDayInput } from "../../../modules/orders/delivery-date-schemas";
import type { DeliveryMethod } from "../../../modules/delivery/types";
import type { DeliveryDayChoices } from "../../../modules/orders/delivery-day.server";
import { useZodForm } from "../../lib/forms";
import { DeliveryDatePicker } from "../checkout/delivery-date-picker";
import { useIntentForm } from "../forms/intent-form";

// docs/product.md "Delivery on a chosen date": the team moves an order's delivery day (she called, or
// her pre-order's day moved past hers). The checkout's own picker for her area; posts to the order
// page's action (intent delivery-day), which calls the same service as PUT /api/purchases/{id}/delivery-day.

export function DeliveryDayPanel({ choices, method }: { choices: DeliveryDayChoices; method: DeliveryMethod }) {
  const { fetcher, answer, busy } = useIntentForm("delivery-day");
  const { errors, onSubmit } = useZodForm(deliveryDayInput, answer);
  const [slot, setSlot] = useState({ date: choices.date ?? "", window: choices.window ?? "" });
  const clash = choices.beforeShipDay;
  return (
    <details open={clash ? true : undefined} className="mt-3 border-t border-line pt-3" data-testid="delivery-day">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-rose">Move the delivery day</summary>
      {clash ? (
        <p
          className="mb-3 rounded-xl bg-blush px-3 py-2 text-sm font-semibold text-rose-dark"
          role="alert"
          data-testid="delivery-day-clash"
        >
          Her delivery day comes before her pre-order ships ({shortDay(clash)}): agree a new day with her, then move it here.
        </p>
      ) : null}
      <fetcher.Form method="post" onSubmit={onSubmit} className="grid gap-3">
        <input type="hidden" name="intent" value="delivery-day" />
        <DeliveryDatePicker
          delivery={{ picker: choices.picker, date: choices.date, window: choices.window, problem: null }}
          method={method}
          value={slot}
          errors={errors}
          onChange={(change) => setSlot((now) => ({ ...now, ...change }))}
        />
        <p className="text-xs text-muted">
          She is told by mail (and on WhatsApp when she asked). What the order paid for its date stays as it is.
        </p>
        <div>
          <button type="submit" className="btn-outline min-h-11 py-2" disabled={busy}>
            {busy ? "Moving..." : "Move delivery"}
          </button>
        </div>
      </fetcher.Form>
    </details>
  );
}
