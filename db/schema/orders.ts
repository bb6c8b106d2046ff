import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAt, id, updatedAt } from "./columns";
import { deliverySlots } from "./delivery";

export const purchaseStatusEnum = pgEnum("purchase_status", [
  "pending",
  "completed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "failed",
]);
export const deliveryMethodEnum = pgEnum("delivery_method", ["standard", "express", "pickup"]);
/**
 * How the order is to be paid (docs/product.md "Paying"): online through the provider, by
 * transfer to the shop's account, on delivery, by someone else through a shared link, or
 * settled by the owner (an order recorded in the back office).
 */
export const paymentMethodEnum = pgEnum("payment_method", ["online", "transfer", "pod", "pay_link", "manual"]);
/** How the money actually arrived: through the provider, or recorded by the owner. */
export const paidViaEnum = pgEnum("paid_via", ["provider", "transfer", "cash", "pos"]);
/** Where the sale was made: the website, or recorded in the back office from a conversation or a visit. */
export const orderSourceEnum = pgEnum("order_source", ["web", "instagram", "whatsapp", "walk_in", "event", "other"]);

/**
 * A customer as the shop knows her: her phone number's last ten digits (its national digits), the one
 * contact every order has (a walk-in may give no email), so +234 803 555 0142 and an older order's
 * 0803-555-0142 are one woman; an account's number compares the same way. purchases_phone_key_idx is
 * built on this very expression.
 */
export const phoneKey = (phone: AnyPgColumn | SQL) => sql`right(regexp_replace(${phone}, '[^0-9]', '', 'g'), 10)`;

export const purchases = pgTable(
  "purchases",
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    // customer snapshot at the time of the order
    firstName: text().notNull(),
    lastName: text().notNull().default(""),
    email: text().notNull(),
    phone: text().notNull(),
    street: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    address: text().notNull(),
    lga: text(),
    deliveryMethod: deliveryMethodEnum().notNull().default("standard"),
    // docs/product.md "Delivery on a chosen date": the Lagos calendar date chosen, the window as she read it
    // ('9 am – 12 pm'), the place on that day's counter the order holds, and the date's fees (peak day, window)
    deliveryDate: date({ mode: "string" }),
    deliveryWindow: text(),
    deliverySlotId: uuid().references(() => deliverySlots.id, { onDelete: "set null" }),
    deliverySlotFeeKobo: integer().notNull().default(0),
    // the priced breakdown, integer kobo
    subtotalKobo: integer().notNull(),
    // what the sale prices saved against the full prices (the API's `discount`); the column keeps
    // its first name, discount_kobo, while a line's discountKobo is its sale price as on products
    savedKobo: integer("discount_kobo").notNull().default(0),
    vatKobo: integer().notNull(),
    deliveryKobo: integer().notNull(),
    totalKobo: integer().notNull(),
    currency: text().notNull().default("NGN"),
    status: purchaseStatusEnum().notNull().default("pending"),
    paymentProvider: text().notNull(),
    paymentMethod: paymentMethodEnum().notNull().default("online"),
    // the first payment reference; every attempt's reference is in payment_attempts
    reference: text().notNull().unique(),
    transactionId: text(),
    // the attempt whose payment through the provider paid it (its reference; the checkout's own, or a
    // later one: the link's, paid by whoever held it), so a refund of it knows who paid (docs/product.md "Refunds")
    paidReference: text(),
    paidAt: timestamp({ withTimezone: true }),
    paidVia: paidViaEnum(),
    // what was received, as recorded by the provider's answer or the owner
    paidAmountKobo: integer(),
    // part payments the shop recorded before the whole was paid (a deposit on a big order, docs/product.md
    // "Part payments"): what is left to pay is the total less this; it stays in paid_amount_kobo once paid
    depositKobo: integer().notNull().default(0),
    // the Lagos day the rest of a part-paid order is due, as agreed with her (docs/product.md "Part
    // payments"); null: no day agreed
    restDueOn: date({ mode: "string" }),
    // the due day she was reminded of (modules/orders/rest-reminders.server.ts): a day moved later reminds again
    restRemindedOn: date({ mode: "string" }),
    // the due day she was told of the day before (the same job), or by the mail that set a day for tomorrow or today
    restForewarnedOn: date({ mode: "string" }),
    // she says she sent the transfer (docs/product.md "Paying", "I have sent it"): when, how much, and
    // the name on the account it came from, for the team to find in the shop's account; cleared by nothing
    transferSentAt: timestamp({ withTimezone: true }),
    transferSentKobo: integer(),
    transferSentFrom: text(),
    // the picture of her transfer receipt she sent with it (transfer_receipts), null: none with her last word
    transferReceiptId: uuid(),
    // the owner's reference for money recorded by hand (transfer narration, POS slip)
    paymentNote: text(),
    // the discount code applied and what it took off (goods, or the delivery fee for a free-delivery code)
    discountCode: text(),
    codeDiscountKobo: integer().notNull().default(0),
    // the shopper's delivery instructions, shown to the shop and on the packing slip
    orderNote: text(),
    // a guest asked for an account once paid ('Save my details')
    saveDetails: boolean().notNull().default(false),
    whatsappOptIn: boolean().notNull().default(false),
    // a gift (docs/product.md "Gift orders"): the address columns above are the recipient's, so
    // delivery is priced and scheduled by her area; the buyer's name, phone and email stay the contact
    isGift: boolean().notNull().default(false),
    recipientName: text(),
    recipientPhone: text(),
    recipientEmail: text(),
    giftMessage: text(),
    // the recipient never sees the buyer's name; no prices on the packing slip and gift receipt;
    // the recipient is not contacted before delivery day (modules/orders/gift-rules.ts)
    anonymousSender: boolean().notNull().default(false),
    hidePrices: boolean().notNull().default(false),
    surpriseMode: boolean().notNull().default(false),
    // "Remind me next year": the Lagos day the buyer is reminded, a week before the gift's day comes
    // round again (null: not asked, or dropped because it was never paid or was cancelled), and when it went
    giftRemindOn: date({ mode: "string" }),
    giftRemindedAt: timestamp({ withTimezone: true }),
    // "Remind me every year", asked on her order's page: once the day goes by, the reminder rolls on
    // to the next year's (modules/orders/gift-reminders.server.ts)
    giftRemindYearly: boolean().notNull().default(false),
    // 'Gift days': the team member who messaged the buyer about the day coming round, and when
    // (docs/product.md "Gift orders"); null by: that member was deleted
    giftDayMessagedAt: timestamp({ withTimezone: true }),
    giftDayMessagedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    // bought from a shared wish list (docs/product.md "Wish lists", "Bought from her list"): the list's
    // owner; what the order holds is marked bought on her list for whoever opens it (never for her)
    forWishListOf: uuid().references(() => users.id, { onDelete: "set null" }),
    // a gift sent to the address she keeps on her wish list ("Send it to her"): the address columns
    // are hers, for the team and the rider; the buyer's own views show only her name and area
    addressPrivate: boolean().notNull().default(false),
    source: orderSourceEnum().notNull().default("web"),
    // the team member who recorded an order at the order desk (docs/product.md "Manual orders", the
    // report by team member); null for a web order, or once that member is deleted
    recordedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    // a business customer's details for her receipt or invoice (docs/product.md "Manual orders")
    companyName: text(),
    taxNumber: text(),
    // reminders sent about this unpaid order, and when the last one went
    reminderCount: integer().notNull().default(0),
    remindedAt: timestamp({ withTimezone: true }),
    // a pick-up: the code she (or whoever she sends) shows at the counter, given when it is ready, and
    // when she was reminded to collect it (docs/product.md "Pick-up")
    collectionCode: text(),
    collectRemindedAt: timestamp({ withTimezone: true }),
    // a pay-on-delivery order the customer refused at the door
    refusedAt: timestamp({ withTimezone: true }),
    // lower-cased "first last email phone", then a gift's "recipient recipient-phone", for the admin searches, copied
    // to the narrow, trigram-indexed purchase_search table; btrim drops the space an empty last name would leave, and
    // an order that is not a gift has no recipient. A number typed any way is found by its national digits, whether
    // the order keeps it as +234… (checkout) or as typed (older orders): lib/phone.ts phoneSearchDigits
    searchText: text().generatedAlwaysAs(
      sql`lower(btrim(first_name || ' ' || last_name) || ' ' || email || ' ' || phone || coalesce(' ' || recipient_name, '') || coalesce(' ' || recipient_phone, ''))`,
    ),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("purchases_total_non_negative", sql`${t.totalKobo} >= 0`),
    check("purchases_deposit_below_total", sql`${t.depositKobo} >= 0 and ${t.depositKobo} < ${t.totalKobo} or ${t.depositKobo} = 0`),
    index("purchases_created_at_idx").on(t.createdAt),
    // the dashboard counts revenue by the day it was paid
    index("purchases_paid_at_idx").on(t.paidAt),
    index("purchases_status_idx").on(t.status, t.createdAt),
    index("purchases_email_idx").on(sql`lower(${t.email})`),
    index("purchases_user_id_idx").on(t.userId, t.createdAt),
    index("purchases_lga_idx").on(t.lga),
    index("purchases_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index("purchases_phone_idx").on(t.phone),
    // part paid, waiting for the rest (docs/product.md "Part payments"): the list's filter and the morning summary
    index("purchases_part_paid_idx")
      .on(t.createdAt)
      .where(sql`${t.depositKobo} > 0 and ${t.paidAt} is null`),
    // unpaid orders whose transfer she says she sent: the list's "Transfer sent" filter
    index("purchases_transfer_sent_idx")
      .on(t.transferSentAt)
      .where(sql`${t.transferSentAt} is not null and ${t.paidAt} is null`),
    // one customer's orders however her number was typed (the report by customer, the order's 'This customer')
    index("purchases_phone_key_idx").on(phoneKey(t.phone)),
    // the sales report and the orders list by where the sale was made
    index("purchases_source_idx").on(t.source, t.createdAt),
    // deleting a member sets recorded_by to null: without an index that is a scan of every order
    index("purchases_recorded_by_idx").on(t.recordedBy),
    // and gift_day_messaged_by
    index("purchases_gift_day_messaged_by_idx")
      .on(t.giftDayMessagedBy)
      .where(sql`${t.giftDayMessagedBy} is not null`),
    // the pick-ups waiting at the shop (docs/product.md "Pick-up"), beside 'Deliveries for <date>'
    index("purchases_delivery_method_idx").on(t.deliveryMethod, t.status, t.createdAt),
    // a shared wish list's marks, and her list's mails, read the orders bought from it
    index("purchases_for_wish_list_of_idx")
      .on(t.forWishListOf)
      .where(sql`${t.forWishListOf} is not null`),
    // 'Deliveries for <date>' in the back office
    index("purchases_delivery_date_idx")
      .on(t.deliveryDate)
      .where(sql`${t.deliveryDate} is not null`),
    index("purchases_delivery_slot_id_idx").on(t.deliverySlotId),
    // guest orders waiting to join the account of their email
    index("purchases_guest_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.userId} is null`),
    check("purchases_code_discount_non_negative", sql`${t.codeDiscountKobo} >= 0`),
    // the gift reminders still to send, by day (docs/product.md "Gift orders")
    index("purchases_gift_remind_on_idx")
      .on(t.giftRemindOn)
      .where(sql`${t.giftRemindOn} is not null and ${t.giftRemindedAt} is null`),
    // the gifts whose day comes round soon, reminded or not (the back office's 'Gift days')
    index("purchases_gift_day_idx")
      .on(t.giftRemindOn)
      .where(sql`${t.giftRemindOn} is not null`),
  ],
);

// Every reference a payment of the purchase was started with: the checkout's, and each fresh
// attempt (a shared pay link, a reminder's link). A provider's answer finds its order here.
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    reference: text().notNull().unique(),
    provider: text().notNull(),
    amountKobo: integer().notNull(),
    // a part of what is left, chipped in through a payment link (docs/product.md "Chipping in"),
    // with the name the payer gave; false: the attempt pays all that is left
    part: boolean().notNull().default(false),
    payerName: text(),
    // the email she gave on the link's page (the provider's receipt; the shop's thanks, and word of a refund)
    payerEmail: text(),
    createdAt: createdAt(),
  },
  (t) => [index("payment_attempts_purchase_id_idx").on(t.purchaseId)],
);

// docs/product.md §3 Purchase item: a snapshot of the cart line as it was bought
export const purchaseItems = pgTable(
  "purchase_items",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    productId: uuid().references(() => products.id, { onDelete: "set null" }),
    cartId: uuid(),
    title: text().notNull(),
    description: text().notNull().default(""),
    imageUrl: text(),
    priceKobo: integer().notNull(),
    discountKobo: integer().notNull().default(0),
    color: text(),
    size: text(),
    quantity: integer().notNull(),
    totalPriceKobo: integer().notNull(),
    // units a refund put back into stock (docs/product.md "Refunds"): a cancel or a delete gives back only the rest
    restockedQuantity: integer().notNull().default(0),
    // what the shop sold it at that day when the team agreed a lower price each in the chat (the
    // line's discount is then the agreed price); null: sold at the listed price (docs/product.md "Manual orders")
    listedKobo: integer(),
    // bought as a pre-order: the day it was to ship from then (docs/product.md "Pre-orders"); null: in stock
    shipsFrom: date({ mode: "string" }),
  },
  (t) => [
    check("purchase_items_quantity_positive", sql`${t.quantity} >= 1`),
    check("purchase_items_restocked_within_quantity", sql`${t.restockedQuantity} >= 0 and ${t.restockedQuantity} <= ${t.quantity}`),
    index("purchase_items_purchase_id_idx").on(t.purchaseId),
    index("purchase_items_product_id_idx").on(t.productId),
    // the few orders holding a pre-order line (docs/product.md "Pre-orders": the purchases list's Pre-orders chip)
    index("purchase_items_pre_order_idx")
      .on(t.purchaseId, t.shipsFrom)
      .where(sql`${t.shipsFrom} is not null`),
  ],
);

// Every status change of a purchase, with who made it and when.
export const purchaseEvents = pgTable(
  "purchase_events",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    status: purchaseStatusEnum().notNull(),
    note: text(),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("purchase_events_purchase_id_idx").on(t.purchaseId, t.createdAt),
    // deleting a user sets actor_id to null: without an index that is a scan of every event
    index("purchase_events_actor_id_idx").on(t.actorId),
  ],
);

/** Bytes kept in the row (a Buffer on both drivers: PGlite gives a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// The pictures of transfer receipts shoppers send with "I have sent it" (docs/product.md "Paying"):
// re-encoded small WebP, kept in the database, never in the public uploads: a receipt carries her
// name and account, so only the team sees it, through the back office.
export const transferReceipts = pgTable(
  "transfer_receipts",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    image: bytea().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("transfer_receipts_purchase_id_idx").on(t.purchaseId)],
);

// Each part payment the shop recorded before an order was paid in full (docs/product.md "Part
// payments"): the order's deposit_kobo is their sum; these say when each came, how, and who took it.
export const partPayments = pgTable(
  "part_payments",
  {
    id: id(),
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    amountKobo: integer().notNull(),
    paidVia: paidViaEnum().notNull(),
    reference: text(),
    // chipped in through a payment link: the provider's transaction (what a refund names) and the
    // name the payer gave (null: recorded by the shop, or not given)
    transactionId: text(),
    payerName: text(),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("part_payments_amount_positive", sql`${t.amountKobo} > 0`),
    // a provider's part is recorded once, however often its verify and webhook come
    uniqueIndex("part_payments_provider_reference_idx")
      .on(t.reference)
      .where(sql`${t.paidVia} = 'provider'`),
    index("part_payments_purchase_id_idx").on(t.purchaseId),
    // the morning summary's parts received in a day
    index("part_payments_created_at_idx").on(t.createdAt),
    // deleting a user sets actor_id to null
    index("part_payments_actor_id_idx").on(t.actorId),
  ],
);
