import { Form } from "react-router";
import type { PickupPointChoices } from "../../../modules/orders/pickup-point.server";
import type { FormResult } from "../../lib/forms";
import { FormMessage } from "../forms/fields";

/**
 * "Collect it at … instead" on her order's page (docs/product.md "Pick-up", "Two pick-up points"):
 * a button a point the shop also offers, until the shop begins preparing it; plain forms.
 */
export function ChangePickupPoint({
  orderId,
  token,
  choices,
  answer,
}: {
  orderId: string;
  token: string | null;
  choices: PickupPointChoices | null;
  answer: FormResult | null;
}) {
  if (!choices && !answer) return null;
  return (
    <div className="mt-3" data-testid="change-pickup-point">
      {answer?.msg ? <FormMessage tone={answer.ok ? "success" : "error"}>{answer.msg}</FormMessage> : null}
      {choices?.others.map((point) => (
        <Form key={point.number} method="post">
          <input type="hidden" name="intent" value="pickup-point" />
          <input type="hidden" name="purchaseId" value={orderId} />
          <input type="hidden" name="pickupPoint" value={point.number} />
          {token ? <input type="hidden" name="t" value={token} /> : null}
          <button type="submit" className="inline-flex min-h-11 items-center text-left text-sm font-semibold text-rose-dark underline">
            Collect it at {point.address} instead
          </button>
        </Form>
      ))}
    </div>
  );
}
