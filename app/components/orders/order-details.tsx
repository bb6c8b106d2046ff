import { longDay, shortDay } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import { readablePhone } from "../../../lib/phone";
import { dateFeeLabel, deliveryRowLabel, deliverySpeeds } from "../../../modules/delivery/methods";
import { unitPrice } from "../../../modules/pricing/price-order";
import { notSentYet, orderNumber } from "../../../modules/orders/statuses";
import { preorderWords } from "../../../modules/stock/preorder";
import { PreorderNote } from "../preorder-note";
import type { MyPurchaseView, PurchaseView } from "../../../modules/orders/types";

export const orderTitle = (id: string) => `Order #${orderNumber(id)}`;

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "Africa/Lagos" });
export const orderDate = (iso: string) => dateFormat.format(new Date(iso));

const badge: Record<string, string> = {
  completed: "bg-sage-soft text-sage",
  delivered: "bg-sage-soft text-sage",
  shipped: "bg-sage-soft text-sage",
  processing: "bg-sand text-ink",
  pending: "bg-[#fdf3d8] text-[#7a5a12]",
};
const statusLabel: Record<string, string> = {
  completed: "Paid",
  pending: "Awaiting payment",
  cancelled: "Cancelled",
  failed: "Failed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
};

/** What she reads for an order not paid yet, by how she chose to pay. */
const unpaidLabel: Record<string, string> = {
  transfer: "Awaiting your transfer",
  pod: "Pay on delivery",
};

type StatusOf = Pick<PurchaseView, "status" | "paymentMethod" | "paidAt"> & Partial<Pick<MyPurchaseView, "toPay">>;

/** Her checkout she did not pay, listed in My orders to complete it (or to say why she no longer can): not 'Cancelled'. */
const savedUnpaid = (order: StatusOf) => order.status === "cancelled" && !order.paidAt && !!order.toPay;

/**
 * The order's status in the shopper's words. A pending order says how it will be paid; her saved
 * checkout is 'Not paid' (docs/product.md "My orders"); a pay-on-delivery order on its way says the
 * rider collects until the money is recorded.
 */
export function shopperStatusLabel(order: StatusOf): string {
  if (order.status === "pending") return unpaidLabel[order.paymentMethod] ?? statusLabel.pending!;
  if (savedUnpaid(order)) return "Not paid";
  const label = statusLabel[order.status] ?? order.status;
  if (order.paymentMethod === "pod" && !order.paidAt && (order.status === "processing" || order.status === "shipped"))
    return `${label} · pay on delivery`;
  return label;
}

export function OrderStatus({ order }: { order: StatusOf }) {
  const look = badge[savedUnpaid(order) ? "pending" : order.status] ?? "bg-line text-ink";
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${look}`}>{shopperStatusLabel(order)}</span>;
}

/** docs/product.md "Delivery on a chosen date": 'Friday 14 February 2027, 9 am – 12 pm' (short: 'Fri 14 Feb'). */
export const deliveryWhen = (order: Pick<PurchaseView, "deliveryDate" | "deliveryWindow">, short = false) =>
  order.deliveryDate
    ? `${short ? shortDay(order.deliveryDate) : longDay(order.deliveryDate)}${order.deliveryWindow ? `, ${order.deliveryWindow}` : ""}`
    : null;

/** Items, the stored breakdown and the delivery address of one order. */
export function OrderDetails({ order }: { order: PurchaseView }) {
  const when = deliveryWhen(order);
  // docs/product.md "Pre-orders": the order goes out whole, from its latest pre-order's day
  const waiting = notSentYet(order.status);
  return (
    <div className="space-y-5">
      <PreorderNote items={waiting ? order.items : []} />
      {when ? (
        <p className="rounded-xl bg-sage-soft px-3 py-2 text-sm" data-testid="order-delivery-date">
          <strong>Delivery on {when}</strong>
        </p>
      ) : null}
      <ul className="divide-y divide-line" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-semibold">{item.title}</span>
              <span className="block text-muted">
                {item.quantity} × {formatNairaAmount(unitPrice(item))}
                {item.size || item.color ? ` · ${[item.size, item.color].filter(Boolean).join(", ")}` : ""}
              </span>
              {waiting && item.shipsFrom ? <span className="block font-semibold text-sage">{preorderWords(item.shipsFrom)}</span> : null}
            </span>
            <span className="font-semibold">{formatNairaAmount(item.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1.5 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="order-subtotal">{formatNairaAmount(order.subtotal)}</dd>
        </div>
        {order.discountCode ? (
          <div className="flex justify-between gap-3 text-sage" data-testid="order-code">
            <dt>
              Code {order.discountCode}
              {order.codeOn === "delivery" ? " (free delivery)" : ""}
            </dt>
            <dd>
              {order.codeOn === "delivery" ? `saved ${formatNairaAmount(order.codeDiscount)}` : `−${formatNairaAmount(order.codeDiscount)}`}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>VAT</dt>
          <dd data-testid="order-vat">{formatNairaAmount(order.vat)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>
            {order.deliveryMethod === "pickup" || order.deliveryDate
              ? deliveryRowLabel(order.deliveryMethod)
              : `Delivery (${order.deliveryMethod}, ${deliverySpeeds[order.deliveryMethod].days})`}
          </dt>
          <dd data-testid="order-delivery">{formatNairaAmount(order.deliveryCharge)}</dd>
        </div>
        {order.deliverySlotFee ? (
          <div className="flex justify-between">
            <dt>{dateFeeLabel}</dt>
            <dd data-testid="order-delivery-date-fee">{formatNairaAmount(order.deliverySlotFee)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between border-t border-line pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatNairaAmount(order.totalAmount)}</dd>
        </div>
        {order.deposit > 0 && !order.paidAt ? (
          <div className="flex justify-between gap-3 font-semibold" data-testid="order-left-to-pay">
            <dt>Paid {formatNairaAmount(order.deposit)} so far · left to pay</dt>
            <dd>{formatNairaAmount(order.leftToPay)}</dd>
          </div>
        ) : null}
        {order.restDueOn ? (
          <p className="text-sm text-muted" data-testid="order-rest-due">
            {`The rest is due by ${longDay(order.restDueOn)}, as agreed with the shop.`}
          </p>
        ) : null}
      </dl>
      {order.gift ? (
        <GiftDelivery order={order} gift={order.gift} />
      ) : (
        <div className="text-sm" data-testid="order-address">
          <h3 className="font-bold">{order.deliveryMethod === "pickup" ? "Pick up at" : "Delivery address"}</h3>
          <p className="mt-1 text-muted">
            {order.fname} {order.lname}
            <br />
            {order.address}
            {order.lga ? ` (${order.lga})` : ""}
            <br />
            {readablePhone(order.phone)}
          </p>
          {order.collectionCode ? (
            <p className="mt-2 rounded-xl border border-line bg-white p-3" data-testid="collection-code">
              Collection code <strong className="text-lg tracking-widest">{order.collectionCode}</strong>
              <span className="block text-muted">Show it at the counter, or send it to whoever collects it for you.</span>
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * A gift's delivery as the buyer sees it (docs/product.md "Gift orders"): to whom, where (the whole
 * address or only the area, as the owner chose: the server leaves out what is hidden), the message.
 */
function GiftDelivery({ order, gift }: { order: PurchaseView; gift: NonNullable<PurchaseView["gift"]> }) {
  const options = [
    gift.anonymousSender ? "Sent anonymously" : null,
    gift.hidePrices ? "No prices in the parcel" : null,
    gift.surpriseMode ? "A surprise: we don't contact her before delivery day" : null,
    gift.remindOn
      ? gift.remindYearly
        ? `We remind you every year, a week before the day: next on ${longDay(gift.remindOn)}`
        : `We remind you on ${longDay(gift.remindOn)}, a week before the day comes round again`
      : gift.remindedOn
        ? `We reminded you on ${longDay(gift.remindedOn)} that the day comes round again`
        : null,
  ].filter(Boolean);
  return (
    <div className="text-sm" data-testid="gift-delivery">
      <h3 className="font-bold">{`Gift for ${gift.recipientName}`}</h3>
      <p className="mt-1 text-muted" data-testid="gift-address">
        {order.address ? (
          <>
            {order.address}
            {order.lga ? ` (${order.lga})` : ""}
          </>
        ) : gift.addressPrivate ? (
          `Delivered to the address on her wish list, in ${order.lga ?? "Lagos"}`
        ) : (
          `Delivered in ${order.lga ?? "Lagos"}`
        )}
        {gift.recipientPhone ? (
          <>
            <br />
            {gift.recipientPhone}
          </>
        ) : null}
      </p>
      {gift.message ? <p className="mt-2 whitespace-pre-line italic">“{gift.message}”</p> : null}
      {options.length ? <p className="mt-2 text-xs text-muted">{options.join(" · ")}</p> : null}
    </div>
  );
}
