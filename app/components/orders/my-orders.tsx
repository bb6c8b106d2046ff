import { Link } from "react-router";
import { formatNairaAmount } from "../../../lib/money";
import type { MyPurchaseView, PurchaseView, ToPay } from "../../../modules/orders/types";
import { OrderAgainForm } from "./order-again";
import { deliveryWhen, OrderDetails, orderDate, orderTitle, OrderStatus } from "./order-details";

const itemCount = (order: PurchaseView) => {
  const n = order.items.reduce((s, i) => s + i.quantity, 0);
  return `${n} ${n === 1 ? "item" : "items"}`;
};

/**
 * /profile 'My orders': the shopper's purchases, newest first; each opens to its detail, with
 * a link to review each product she has paid for (`reviewable`: their ids), and an unpaid one
 * says how she pays it now, or why she no longer can; any other offers 'Order again' (docs/product.md "My orders").
 */
export function MyOrders({ orders, reviewable = [] }: { orders: MyPurchaseView[]; reviewable?: string[] }) {
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
              {order.toPay ? <PayNext order={order} toPay={order.toPay} /> : <OrderAgain order={order} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What she reads beside each way to pay, and the button's words. */
const payWords = {
  resume: { hint: "We hold your items while you pay on the secure payment page.", label: "Complete payment", look: "btn-primary" },
  pay_link: {
    hint: "Pay it yourself, or send the link to whoever is paying.",
    label: "Complete payment",
    look: "btn-primary",
  },
  transfer: { hint: "The shop's account and your reference are on the order's page.", label: "How to pay", look: "btn-outline" },
} as const;

/**
 * Under an unpaid order, outside its folded detail so she sees it without opening it: the way to
 * pay it now (her checkout's saved-order page, the shared link, the transfer's details), or why it
 * can no longer be paid, never a button that leads nowhere.
 */
function PayNext({ order, toPay }: { order: PurchaseView; toPay: ToPay }) {
  if (toPay.action === "ended")
    return (
      <p className="border-t border-line px-4 py-3 text-sm text-muted" data-testid="my-order-pay-ended">
        {toPay.reason}
      </p>
    );
  const words = payWords[toPay.action];
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-line px-4 py-3" data-testid="my-order-pay">
      <p className="text-sm text-muted">{words.hint}</p>
      <Link to={toPay.href} className={`${words.look} w-full sm:w-auto`} aria-label={`${words.label} for ${orderTitle(order.id)}`}>
        {words.label}
      </Link>
    </div>
  );
}

/** Under an order she cannot pay any more (paid, on its way, done): its products back in her cart. */
function OrderAgain({ order }: { order: PurchaseView }) {
  return (
    <OrderAgainForm
      orderId={order.id}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-line px-4 py-3"
    >
      <p className="text-sm text-muted">The same again, at today&apos;s prices.</p>
      <button type="submit" className="btn-outline min-h-10 w-full py-2 sm:w-auto" aria-label={`Order again: ${orderTitle(order.id)}`}>
        Order again
      </button>
    </OrderAgainForm>
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
