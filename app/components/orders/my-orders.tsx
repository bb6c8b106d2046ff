import { Link } from "react-router";
import { formatNairaAmount } from "../../../lib/money";
import type { PurchaseView } from "../../../modules/orders/types";
import { deliveryWhen, OrderDetails, orderDate, orderTitle, OrderStatus } from "./order-details";

const itemCount = (order: PurchaseView) => {
  const n = order.items.reduce((s, i) => s + i.quantity, 0);
  return `${n} ${n === 1 ? "item" : "items"}`;
};

/**
 * /profile 'My orders': the shopper's purchases, newest first; each opens to its detail, with
 * a link to review each product she has paid for (`reviewable`: their ids).
 */
export function MyOrders({ orders, reviewable = [] }: { orders: PurchaseView[]; reviewable?: string[] }) {
  return (
    <section aria-labelledby="my-orders">
      <h2 id="my-orders" className="text-2xl">
        My orders
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-muted">
          You have no orders yet.{" "}
          <Link to="/products" className="font-semibold text-rose underline">
            Browse the shop
          </Link>
        </p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="my-orders">
          {orders.map((order) => (
            <li key={order.id} className="rounded-2xl border border-line bg-linen">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 p-4">
                  <span>
                    <span className="font-bold">{orderTitle(order.id)}</span>
                    <span className="block text-sm text-muted">
                      {orderDate(order.createdAt)} · {itemCount(order)}
                      {order.deliveryDate ? ` · delivery ${deliveryWhen(order, true)}` : ""}
                    </span>
                  </span>
                  <span className="flex items-center gap-3">
                    <OrderStatus order={order} />
                    <span className="font-bold">{formatNairaAmount(order.totalAmount)}</span>
                  </span>
                </summary>
                <div className="border-t border-line p-4">
                  <OrderDetails order={order} />
                  <ReviewLinks order={order} reviewable={reviewable} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Review …' for each product of the order that she has paid for (/review picks it). */
function ReviewLinks({ order, reviewable }: { order: PurchaseView; reviewable: string[] }) {
  const items = order.items.filter(
    (item, i, all) => item.productId && reviewable.includes(item.productId) && all.findIndex((o) => o.productId === item.productId) === i,
  );
  if (!items.length) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Review what you bought">
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={`/review?productId=${item.productId}`}
            className="inline-flex min-h-11 items-center rounded-full border border-line bg-cream px-4 text-sm font-semibold text-rose-dark hover:bg-blush"
          >
            Review {item.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
