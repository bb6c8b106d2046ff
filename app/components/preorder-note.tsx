import { shortDay } from "../../lib/lagos-calendar";
import { orderShipsFrom } from "../../modules/stock/preorder";

/**
 * docs/product.md "Pre-orders": under the cart and at checkout, when it holds a pre-order, the day
 * the order ships from (its latest pre-order's): it goes out whole, so in-stock lines wait too.
 */
export function PreorderNote({ items }: { items: { shipsFrom: string | null }[] }) {
  const day = orderShipsFrom(items);
  if (!day) return null;
  const mixed = items.some((i) => !i.shipsFrom);
  return (
    <p className="rounded-xl bg-sage-soft px-3 py-2 text-sm" data-testid="preorder-note">
      <strong>Your order ships from {shortDay(day)}</strong>, when its pre-order{" "}
      {items.filter((i) => i.shipsFrom).length > 1 ? "items are" : "item is"} in
      {mixed ? ": everything goes out together." : "."}
    </p>
  );
}
