import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { MyPurchaseView, PurchaseItemView } from "../../../modules/orders/types";
import { MyOrders } from "./my-orders";

const line = (quantity: number): PurchaseItemView => ({
  id: crypto.randomUUID(),
  productId: crypto.randomUUID(),
  cartId: null,
  title: "90-Day Gratitude Journal",
  description: "Three lines a night.",
  imageUrl: null,
  price: 12_500,
  discount: 0,
  color: null,
  size: null,
  quantity,
  totalPrice: 12_500 * quantity,
  shipsFrom: null,
});

const order = (items: PurchaseItemView[]): MyPurchaseView => ({
  id: "3f1c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  userId: "0c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
  fname: "Ada",
  lname: "Obi",
  email: "ada@example.ng",
  phone: "+2348031234567",
  status: "pending",
  street: "14 Bode Thomas Street",
  city: "Surulere",
  state: "Lagos",
  address: "14 Bode Thomas Street, Surulere",
  lga: "Surulere",
  deliveryMethod: "standard",
  collectionCode: null,
  subtotal: 12_500,
  discount: 0,
  discountCode: null,
  codeDiscount: 0,
  codeOn: null,
  vat: 937.5,
  deliveryCharge: 1_500,
  deliveryDate: null,
  deliveryWindow: null,
  deliverySlotFee: 0,
  totalAmount: 14_937.5,
  currency: "NGN",
  reference: "ref-1",
  paymentProvider: "sandbox",
  paymentMethod: "online",
  paidVia: null,
  paidAmount: null,
  deposit: 0,
  leftToPay: 0,
  restDueOn: null,
  restOverdue: false,
  transferSent: null,
  paymentNote: null,
  expiresAt: null,
  note: null,
  source: "web",
  companyName: null,
  taxNumber: null,
  transactionId: null,
  paidAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  items,
  gift: null,
  toPay: null,
});

/** 'My orders' drawn as the server draws it, in a data router (its 'Order again' is a form). */
const draw = (orders: MyPurchaseView[]) => {
  const Stub = createRoutesStub([{ path: "/profile", Component: () => <MyOrders orders={orders} /> }]);
  return renderToString(<Stub initialEntries={["/profile"]} />);
};

/** The line under an order's number in 'My orders', as she reads it. */
const countLine = (o: MyPurchaseView) => {
  const html = draw([o]);
  const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  return /· (\d+ \w+)/.exec(text)?.[1];
};

describe("My orders", () => {
  it("counts one item as '1 item' and more as items, adding up each line's quantity", () => {
    expect(countLine(order([line(1)]))).toBe("1 item");
    expect(countLine(order([line(2)]))).toBe("2 items");
    expect(countLine(order([line(1), line(2)]))).toBe("3 items");
  });

  // docs/product.md "My orders": an unpaid order says how she pays it now, or why she no longer can
  it("shows an unpaid order's way to pay outside its folded detail, or why it can no longer be paid, never both", () => {
    const html = (o: MyPurchaseView) => draw([o]);
    const saved = html({ ...order([line(1)]), status: "cancelled", toPay: { action: "resume", href: "/resume/3f1c2b7e" } });
    expect(saved).toContain("Not paid");
    expect(saved).toMatch(/<\/details><div[^>]*data-testid="my-order-pay"/);
    for (const attribute of ['href="/resume/3f1c2b7e"', 'aria-label="Complete payment for Order #3f1c2b7e"'])
      expect(saved).toMatch(new RegExp(`<a[^>]*${attribute}[^>]*>Complete payment</a>`));
    const ended = html({
      ...order([line(1)]),
      status: "cancelled",
      toPay: { action: "ended", reason: "Everything in this order has sold out since." },
    });
    expect(ended).toContain("Everything in this order has sold out since.");
    expect(ended).not.toContain("Complete payment");
    const transfer = html({
      ...order([line(1)]),
      paymentMethod: "transfer",
      toPay: { action: "transfer", href: "/checkout/complete?reference=ref-1" },
    });
    expect(transfer).toContain("Awaiting your transfer");
    expect(transfer).toContain(">How to pay</a>");
    expect(html(order([line(1)]))).not.toContain("my-order-pay");
  });

  // docs/product.md "My orders": 'Order again' under an order with nothing to pay now, never beside a way to pay
  it("offers 'Order again' as a form to the cart's action only where there is nothing to pay", () => {
    const done = draw([{ ...order([line(1)]), status: "delivered", paidVia: "provider" }]);
    expect(done).toMatch(/<form[^>]*action="\/cart"[^>]*method="post"/);
    expect(done).toContain('<input type="hidden" name="intent" value="again"/>');
    expect(done).toContain('<input type="hidden" name="purchaseId" value="3f1c2b7e-1a2b-4c3d-8e9f-0a1b2c3d4e5f"/>');
    expect(done).toContain('aria-label="Order again: Order #3f1c2b7e"');
    const unpaid = draw([{ ...order([line(1)]), status: "cancelled", toPay: { action: "resume", href: "/resume/3f1c2b7e" } }]);
    expect(unpaid).not.toContain("Order again");
  });
});
