import type { PickupPointChoices } from "../../../modules/orders/pickup-point.server";
import { useIntentForm } from "../forms/intent-form";
import { FormMessage } from "../forms/fields";

/**
 * docs/product.md "Pick-up" ("Two pick-up points"): the team moves a pick-up to the shop's other
 * point until it is ready to collect; she is told. A button a point; posts to the order page.
 */
export function PickupPointMove({ choices }: { choices: PickupPointChoices }) {
  const { fetcher, answer, busy } = useIntentForm("pickup-point");
  return (
    <span className="mt-1 block font-normal" data-testid="pickup-point-move">
      {choices.others.map((point) => (
        <fetcher.Form key={point.number} method="post" className="inline">
          <input type="hidden" name="intent" value="pickup-point" />
          <input type="hidden" name="pickupPoint" value={point.number} />
          <button type="submit" className="min-h-10 text-left text-sm font-semibold text-rose-dark underline" disabled={busy}>
            Move to {point.address}
          </button>
        </fetcher.Form>
      ))}
      {answer && !answer.ok ? <FormMessage tone="error">{answer.msg}</FormMessage> : null}
    </span>
  );
}
