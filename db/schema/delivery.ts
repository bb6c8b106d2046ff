import { sql } from "drizzle-orm";
import { check, date, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

/**
 * Whether an area offers delivery on a chosen date (docs/product.md "Delivery on a chosen date"):
 * not at all (the checkout is as it always was), as an option, or always.
 */
export const deliveryDateModeEnum = pgEnum("delivery_date_mode", ["off", "optional", "required"]);

export const deliveryRates = pgTable(
  "delivery_rates",
  {
    id: id(),
    lga: text().notNull(),
    chargeKobo: integer().notNull(),
    // scheduling (docs/decisions/0015-delivery-dates.md): off until the owner turns it on
    dateMode: deliveryDateModeEnum().notNull().default("off"),
    // the earliest delivery is this many Lagos days after the order...
    leadDays: integer().notNull().default(1),
    // ...or one more when it is placed at or after this Lagos hour (14: 'order by 2 pm'); null: no cut-off
    cutoffHour: integer(),
    // orders delivered on one day at most; null: no limit
    dailyCapacity: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // docs/product.md §9: the shopper's LGA matches case-insensitively, so names are unique that way too
    uniqueIndex("delivery_rates_lga_lower_idx").on(sql`lower(${t.lga})`),
    check("delivery_rates_charge_non_negative", sql`${t.chargeKobo} >= 0`),
    check("delivery_rates_lead_days_range", sql`${t.leadDays} between 0 and 60`),
    check("delivery_rates_cutoff_hour_range", sql`${t.cutoffHour} between 1 and 23`),
    check("delivery_rates_daily_capacity_positive", sql`${t.dailyCapacity} >= 1`),
  ],
);

/** A delivery time window the shopper may pick with a date, shop-wide, with its surcharge (Lagos hours). */
export const deliveryWindows = pgTable(
  "delivery_windows",
  {
    id: id(),
    startHour: integer().notNull(),
    endHour: integer().notNull(),
    surchargeKobo: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("delivery_windows_hours_idx").on(t.startHour, t.endHour),
    check("delivery_windows_hours_range", sql`${t.startHour} >= 0 and ${t.endHour} <= 24 and ${t.startHour} < ${t.endHour}`),
    check("delivery_windows_surcharge_non_negative", sql`${t.surchargeKobo} >= 0`),
  ],
);

/** A day the owner marked, shop-wide: no deliveries (blackout), or a peak day with its own capacity and fee. */
export const deliveryDayKindEnum = pgEnum("delivery_day_kind", ["blackout", "peak"]);

export const deliveryDays = pgTable(
  "delivery_days",
  {
    // a Lagos calendar date
    day: date({ mode: "string" }).primaryKey(),
    kind: deliveryDayKindEnum().notNull(),
    // what the shopper reads: 'Public holiday', "Valentine's Day"
    note: text().notNull().default(""),
    // a peak day's capacity per area, instead of the area's own; null: the area's
    capacity: integer(),
    // a peak day's fee, added to the delivery of an order for that day
    feeKobo: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("delivery_days_capacity_positive", sql`${t.capacity} >= 1`),
    check("delivery_days_fee_non_negative", sql`${t.feeKobo} >= 0`),
  ],
);

/**
 * How many orders hold a delivery on one day in one area: the counter a checkout raises with a
 * conditional update (booked < capacity), so no number of checkouts at once passes the capacity.
 * A cancel gives its place back, as it gives its stock back.
 */
export const deliverySlots = pgTable(
  "delivery_slots",
  {
    id: id(),
    rateId: uuid()
      .notNull()
      .references(() => deliveryRates.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    booked: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("delivery_slots_rate_day_idx").on(t.rateId, t.day),
    check("delivery_slots_booked_non_negative", sql`${t.booked} >= 0`),
  ],
);
