import { Link } from "react-router";
import type { PastRecipient } from "../../../modules/orders/past-recipients.server";

/**
 * "Sent before" (docs/product.md "Gift orders", "Manual orders"): the people a customer sent gifts
 * to, each a control that draws the form again with that recipient's name, number, email and address
 * filled in and her area priced. At checkout a link (`hrefOf`); at the order desk a button that posts
 * the desk's form with the intent `recipient:<order id>`. Both work before the page's script runs.
 */
export function SentBefore({
  recipients,
  chosen,
  hint,
  hrefOf,
  label = "Sent before",
}: {
  recipients: PastRecipient[];
  /** the recipient filled in now, if one of these */
  chosen: string | null;
  hint: string;
  hrefOf?: (id: string) => string;
  label?: string;
}) {
  if (!recipients.length) return null;
  return (
    <div className="sm:col-span-2" data-testid="sent-before">
      <p className="label" id="sent-before-label">
        {label}
      </p>
      <ul className="flex flex-wrap gap-2" aria-labelledby="sent-before-label">
        {recipients.map((r) => {
          const on = r.id === chosen;
          const className = `inline-flex min-h-11 flex-col items-start justify-center rounded-xl border px-3 py-1.5 text-left text-sm leading-tight ${on ? "border-rose bg-blush" : "border-line bg-cream"}`;
          const shown = (
            <>
              <strong>{r.name}</strong>
              <span className="text-muted">{r.lga || r.city}</span>
            </>
          );
          return (
            <li key={r.id}>
              {hrefOf ? (
                <Link to={hrefOf(r.id)} replace preventScrollReset aria-current={on ? "true" : undefined} className={className}>
                  {shown}
                </Link>
              ) : (
                <button type="submit" name="intent" value={`recipient:${r.id}`} aria-pressed={on} className={className}>
                  {shown}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-1 text-sm text-muted">{hint}</p>
    </div>
  );
}
