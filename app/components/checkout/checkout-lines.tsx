import { formatNairaAmount } from "../../../lib/money";

/** What is being bought, one line each: quantity, title, line total. */
type Line = { productId: string; title: string; quantity: number; totalPrice: number };

export function CheckoutLines({ items }: { items: Line[] }) {
  return (
    <ul className="divide-y divide-line text-sm" data-testid="checkout-lines">
      {items.map((i) => (
        <li key={i.productId} className="flex justify-between gap-3 py-2">
          <span className="min-w-0">
            {i.quantity} × {i.title}
          </span>
          <span className="shrink-0 font-semibold">{formatNairaAmount(i.totalPrice)}</span>
        </li>
      ))}
    </ul>
  );
}
