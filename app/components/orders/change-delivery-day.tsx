import { useState } from "react";
import { Form } from "react-router";
import type { DeliveryMethod } from "../../../modules/delivery/types";
import type { DeliveryDayChoices } from "../../../modules/orders/delivery-day.server";
import type { FormResult } from "../../lib/forms";
import { DeliveryDatePicker } from "../checkout/delivery-date-picker";
import { FormMessage } from "../forms/fields";

// docs/product.md "Delivery on a chosen date": she changes her own delivery day from her order's
// page until the shop begins preparing it. The checkout's picker for her area, in a plain form (it
// works before the page's script runs); the answer, or the refusal, in its own place.

type Props = {
  orderId: string;
  token: string | null;
  choices: DeliveryDayChoices;
  method: DeliveryMethod;
  /** this form's answer, when the page was drawn for one */
  answer: FormResult | null;
};

export function ChangeDeliveryDay({ orderId, token, choices, method, answer }: Props) {
  const [slot, setSlot] = useState({ date: choices.date ?? "", window: choices.window ?? "" });
  const refused = answer && !answer.ok ? answer : null;
  return (
    <details className="mt-4 border-t border-line pt-3" open={refused ? true : undefined} data-testid="change-delivery-day">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-rose-dark">Change my delivery day</summary>
      <p className="mb-3 text-sm text-muted">
        You can change it until we begin preparing your order. What you paid for your day or time stays as it is.
      </p>
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="delivery-day" />
        <input type="hidden" name="purchaseId" value={orderId} />
        {token ? <input type="hidden" name="t" value={token} /> : null}
        <DeliveryDatePicker
          delivery={{ picker: choices.picker, date: choices.date, window: choices.window, problem: null }}
          method={method}
          value={slot}
          errors={refused?.fields ?? {}}
          onChange={(change) => setSlot((now) => ({ ...now, ...change }))}
        />
        {refused?.msg ? <FormMessage tone="error">{refused.msg}</FormMessage> : null}
        <div>
          <button type="submit" className="btn-outline">
            Change my day
          </button>
        </div>
      </Form>
    </details>
  );
}
