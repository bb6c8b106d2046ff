import type { Db } from "../../../db/client";
import { isAppError } from "../../../lib/errors";
import { nairaToKobo } from "../../../lib/money";
import type { DeliveryMethod, DeliverySpeed } from "../../../modules/delivery/types";
import { deliveryDatePicker, resolveDeliverySlot, type ChosenSlot, type DeliveryPicker } from "../../../modules/delivery/schedule.server";

// The checkout's delivery date (docs/product.md "Delivery on a chosen date"): the picker for the area
// and the date and window the page's address carries (?date=&window=), checked like the order checks
// them (with the delivery method chosen: Standard cannot have a date only Express reaches), so the
// summary beside the form prices what the order will.

export type CheckoutDelivery = {
  picker: DeliveryPicker | null;
  /** the date and window chosen, when the area can meet them */
  date: string | null;
  window: string | null;
  /** why the date in the address cannot be had (it filled up, the cut-off passed meanwhile) */
  problem: string | null;
};

export async function checkoutDelivery(
  db: Db,
  lga: string | null,
  /** `shipsFrom`: the order holds a pre-order shipping from that day (docs/product.md "Pre-orders") */
  asked: { date?: string; window?: string; method: DeliveryMethod; shipsFrom?: string | null },
  now = new Date(),
): Promise<{ delivery: CheckoutDelivery; slot: ChosenSlot | null }> {
  const shipsFrom = asked.shipsFrom ?? null;
  const picker = await deliveryDatePicker(db, lga, now, shipsFrom);
  const none = { delivery: { picker, date: null, window: null, problem: null }, slot: null };
  if (!picker || !lga || !asked.date) return none;
  try {
    const slot = await resolveDeliverySlot(
      db,
      lga,
      { deliveryDate: asked.date, deliveryWindow: asked.window, deliveryMethod: asked.method },
      now,
      shipsFrom,
    );
    return { delivery: { picker, date: slot?.date ?? null, window: slot && asked.window ? asked.window : null, problem: null }, slot };
  } catch (e) {
    if (isAppError(e)) return { ...none, delivery: { ...none.delivery, problem: e.message } };
    throw e;
  }
}

/**
 * Express bought for a date Standard also reaches arrives that day either way: what choosing
 * Standard would save her (kobo), said beside the dates so the surcharge is never paid for
 * nothing; 0 otherwise (Standard chosen, no date, a date only Express reaches, free delivery).
 * `options` is what each method costs her, as the summary priced it.
 */
export function standardWouldSave(
  delivery: CheckoutDelivery,
  method: DeliveryMethod,
  options: Record<DeliverySpeed, number> | null,
): number {
  if (method !== "express" || !delivery.date || !options) return 0;
  const chosen = delivery.picker?.choices.find((c) => c.date === delivery.date);
  if (!chosen || chosen.expressOnly) return 0;
  return Math.max(0, nairaToKobo(options.express) - nairaToKobo(options.standard));
}
