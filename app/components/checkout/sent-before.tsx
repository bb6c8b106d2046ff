import { Link } from "react-router";
import type { DeliveryMethod } from "../../../modules/delivery/types";
import type { PastRecipient } from "../../../modules/orders/past-recipients.server";

/**
 * "Sent before" at checkout (docs/product.md "Gift orders"): the people a signed-in shopper sent
 * gifts to, each a link that draws the page again with that recipient's name, number, email and
 * address filled in and her area priced. A link, so it works before the page's script runs.
 */
export function SentBefore({ recipients, chosen, method }: { recipients: PastRecipient[]; chosen: string | null; method: DeliveryMethod }) {
  if (!recipients.length) return null;
  return (
    <div className="sm:col-span-2" data-testid="sent-before">
      <p className="label" id="sent-before-label">
        Sent before
      </p>
      <ul className="flex flex-wrap gap-2" aria-labelledby="sent-before-label">
        {recipients.map((r) => {
          const on = r.id === chosen;
          const query = new URLSearchParams({ gift: "1", to: r.id, method: method === "pickup" ? "standard" : method });
          return (
            <li key={r.id}>
              <Link
                to={`/checkout?${query}`}
                replace
                preventScrollReset
                aria-current={on ? "true" : undefined}
                className={`inline-flex min-h-11 flex-col justify-center rounded-xl border px-3 py-1.5 text-sm leading-tight ${on ? "border-rose bg-blush" : "border-line bg-cream"}`}
              >
                <strong>{r.name}</strong>
                <span className="text-muted">{r.lga || r.city}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="mt-1 text-sm text-muted">Choose one to fill in her name, number and address below.</p>
    </div>
  );
}
