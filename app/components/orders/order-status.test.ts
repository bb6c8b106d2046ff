import { describe, expect, it } from "vitest";
import { shopperStatusLabel } from "./order-details";

// 'My orders' in the shopper's words: an order not paid yet says how it will be paid.
describe("shopperStatusLabel", () => {
  const order = (status: string, paymentMethod: string, paidAt: string | null = null) =>
    ({ status, paymentMethod, paidAt }) as Parameters<typeof shopperStatusLabel>[0];

  it("says how a pending order will be paid", () => {
    expect(shopperStatusLabel(order("pending", "online"))).toBe("Awaiting payment");
    expect(shopperStatusLabel(order("pending", "pay_link"))).toBe("Awaiting payment");
    expect(shopperStatusLabel(order("pending", "transfer"))).toBe("Awaiting your transfer");
    expect(shopperStatusLabel(order("pending", "pod"))).toBe("Pay on delivery");
  });

  it("reminds her that the rider collects while a pay-on-delivery order is on its way unpaid", () => {
    expect(shopperStatusLabel(order("shipped", "pod"))).toBe("Shipped · pay on delivery");
    expect(shopperStatusLabel(order("shipped", "pod", "2026-11-25T10:00:00.000Z"))).toBe("Shipped");
    expect(shopperStatusLabel(order("delivered", "pod", "2026-11-25T10:00:00.000Z"))).toBe("Delivered");
  });

  it("keeps the other statuses' words", () => {
    expect(shopperStatusLabel(order("completed", "transfer", "2026-11-25T10:00:00.000Z"))).toBe("Paid");
    expect(shopperStatusLabel(order("cancelled", "online"))).toBe("Cancelled");
  });

  it("calls her saved checkout, listed for her to complete, 'Not paid', not 'Cancelled'", () => {
    const saved = { ...order("cancelled", "online"), toPay: { action: "resume" as const, href: "/resume/1" } };
    expect(shopperStatusLabel(saved)).toBe("Not paid");
    expect(
      shopperStatusLabel({ ...saved, toPay: { action: "ended" as const, reason: "Everything in this order has sold out since." } }),
    ).toBe("Not paid");
    // paid, then cancelled by the shop: she is owed a refund
    expect(shopperStatusLabel({ ...order("cancelled", "online", "2026-11-25T10:00:00.000Z"), toPay: null })).toBe("Cancelled");
  });
});
