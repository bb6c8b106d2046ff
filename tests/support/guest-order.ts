import crypto from "node:crypto";
import type { Db } from "../../db/client";
import type { MailLinks } from "../../modules/orders/mails.server";
import { placeOrder } from "../../modules/orders/checkout.server";
import { completeOrder } from "../../modules/orders/completion.server";

/**
 * A guest's order placed on the service itself, one of each product, at `now`: Ada Obi in Lekki
 * (a new email each time), Standard delivery to `lga`, paid online in the sandbox. `extra` names
 * what a test changes (a delivery date, a window, the method).
 */
export const placeGuestOrder = (
  db: Db,
  links: MailLinks,
  { lga, productIds, now, extra = {} }: { lga: string; productIds: string[]; now: Date; extra?: Record<string, unknown> },
) =>
  placeOrder(
    db,
    {
      kind: "guest",
      name: "Ada Obi",
      email: `ada.${crypto.randomUUID().slice(0, 8)}@example.ng`,
      lines: productIds.map((productId) => ({ productId, quantity: 1 })),
      saveDetails: false,
    },
    {
      street: "4 Admiralty Way",
      city: "Lekki",
      state: "Lagos",
      phone: "+2348035550142",
      lga,
      deliveryMethod: "standard",
      paymentMethod: "online",
      whatsappOptIn: false,
      code: undefined,
      note: undefined,
      ...extra,
    },
    { provider: "sandbox", links, now },
  );

/** The provider's word that the order was paid in full, as its webhook brings it. */
export const payGuestOrder = (db: Db, links: MailLinks, row: { id: string; totalKobo: number }) =>
  completeOrder(db, row.id, { status: "success", amountKobo: row.totalKobo, currency: "NGN", transactionId: `paid-${row.id}` }, "webhook", {
    links,
  });
