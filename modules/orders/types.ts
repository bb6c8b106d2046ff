import type { DeliveryMethod } from "../delivery/types";
import type { PurchaseStatus } from "./statuses";

// One shape of a purchase for every door (docs/product.md §3): the shopper's orders, the
// order by id, the checkout's answer and the back office's table all use these names.
// Money in naira. `discount` means what it means in the brief on each record: on a line
// the sale price (as on a product), on the purchase the amount saved (truthy: discounted).

/** A line of a purchase: a copy of the product at the time of purchase. */
export type PurchaseItemView = {
  id: string;
  productId: string | null;
  cartId: string | null;
  title: string;
  description: string;
  imageUrl: string | null;
  price: number;
  /** the sale price paid per unit, 0 when there was none */
  discount: number;
  color: string | null;
  size: string | null;
  quantity: number;
  totalPrice: number;
  /** bought as a pre-order: the Lagos day it was to ship from (docs/product.md "Pre-orders"); null: it was in stock */
  shipsFrom: string | null;
};

/**
 * A gift order's own details (docs/product.md "Gift orders"); the purchase's address is the
 * recipient's. `recipientPhone` is null where the buyer's view hides it (the owner's setting).
 */
export type GiftView = {
  recipientName: string;
  recipientPhone: string | null;
  recipientEmail: string | null;
  message: string | null;
  anonymousSender: boolean;
  hidePrices: boolean;
  surpriseMode: boolean;
  /** sent to the address on the recipient's wish list: the buyer's views never show it (docs/product.md "Wish lists") */
  addressPrivate: boolean;
  /** "Remind me next year": the Lagos day its buyer is reminded next (docs/product.md "Gift orders"), null when none is to come */
  remindOn: string | null;
  /** she asked for the reminder every year */
  remindYearly: boolean;
  /** the Lagos day this year's reminder went, while the gift keeps it (she may still ask for it every year) */
  remindedOn: string | null;
};

/** A purchase with its stored breakdown. */
export type PurchaseView = {
  id: string;
  userId: string | null;
  fname: string;
  lname: string;
  email: string;
  phone: string;
  status: PurchaseStatus;
  street: string;
  city: string;
  state: string;
  address: string;
  lga: string | null;
  deliveryMethod: DeliveryMethod;
  /** a pick-up's code to show at the counter, given once it is ready to collect (docs/product.md "Pick-up"); null otherwise */
  collectionCode: string | null;
  subtotal: number;
  /** what the sale prices saved (truthy means discounted) */
  discount: number;
  /** the discount code applied (docs/product.md "Discount codes") and what it took off: goods, or the delivery fee */
  discountCode: string | null;
  codeDiscount: number;
  /** what the code took off: the goods (subtracted before VAT) or the delivery fee (free delivery); null without a code */
  codeOn: "goods" | "delivery" | null;
  vat: number;
  deliveryCharge: number;
  /** the Lagos date she chose for delivery (YYYY-MM-DD) and the window, as she read it; null without one */
  deliveryDate: string | null;
  deliveryWindow: string | null;
  /** what the date added: a peak day's fee and the window's surcharge (0 without) */
  deliverySlotFee: number;
  totalAmount: number;
  currency: string;
  reference: string;
  paymentProvider: string;
  /** how she chose to pay (docs/product.md "Paying") */
  paymentMethod: "online" | "transfer" | "pod" | "pay_link" | "manual";
  /** how the money arrived, once it did, what arrived and the shop's reference for money it recorded */
  paidVia: "provider" | "transfer" | "cash" | "pos" | null;
  paidAmount: number | null;
  /** part payments the shop recorded before the whole was paid (docs/product.md "Part payments"); 0 without */
  deposit: number;
  /** the total less the part payments: what is left to pay while the order is unpaid */
  leftToPay: number;
  /** the Lagos day the rest of a part-paid order is due, as agreed (null: none, or nothing left to wait for) */
  restDueOn: string | null;
  /** that day has gone by and the rest is still to come */
  restOverdue: boolean;
  /** she said she sent a transfer (docs/product.md "Paying", "I have sent it"): when, how much (naira), from whose account */
  /** she says she sent a transfer (docs/product.md "Paying"): when, how much, from whom, and whether with a picture of her receipt */
  transferSent: { at: string; amount: number; from: string; receipt: boolean } | null;
  paymentNote: string | null;
  /** until when an unpaid order holds its items (null: until the shop settles it) */
  expiresAt: string | null;
  /** delivery instructions */
  note: string | null;
  /** where the sale was made: the website, or a conversation or visit the shop recorded (docs/product.md "Manual orders") */
  source: "web" | "instagram" | "whatsapp" | "walk_in" | "event" | "other";
  /** a business customer's details for her receipt or invoice */
  companyName: string | null;
  taxNumber: string | null;
  transactionId: string | null;
  paidAt: string | null;
  createdAt: string;
  items: PurchaseItemView[];
  /** null unless the order is a gift */
  gift: GiftView | null;
};

/**
 * How she can still pay an unpaid order of hers, as My orders offers it (docs/product.md "My
 * orders"): an online checkout through its saved order's page (/resume/{id}), an order she asked
 * someone to pay through its shared link, a transfer through the account on the order's page; or,
 * for an order listed that can no longer be paid, why not.
 */
export type ToPay = { action: "resume" | "pay_link" | "transfer"; href: string } | { action: "ended"; reason: string };

/** An order in her own list (/profile, GET /api/purchases/mine): how she can still pay it, null when there is nothing to pay. */
export type MyPurchaseView = PurchaseView & { toPay: ToPay | null };

/** A row of the back office's purchases table (/purchasetable, GET /api/purchases). */
export type PurchaseRow = Pick<
  PurchaseView,
  "id" | "fname" | "lname" | "email" | "discount" | "totalAmount" | "status" | "source" | "createdAt" | "deliveryMethod" | "deliveryDate"
> & {
  /** sale prices saved something or a discount code was applied: the Discount column, as in the CSV */
  discounted: boolean;
  /** a gift's recipient, null for an order that is not a gift */
  giftFor: string | null;
  /** unpaid, with a part payment received (docs/product.md "Part payments") */
  partPaid: boolean;
  /** part paid, and the day agreed for the rest has gone by */
  restOverdue: boolean;
  /** unpaid, and she says she sent a transfer for it (docs/product.md "Paying"): the team checks the account */
  transferSent: boolean;
  /** not sent yet and holding a pre-order: the day it ships from, its latest line's (docs/product.md "Pre-orders"); null otherwise */
  shipsFrom: string | null;
  /** the delivery day she chose comes before the pre-order ships (the day moved after): the team agrees a new one with her */
  dayBeforeShipDay: boolean;
  /** false for an order that holds money records (paid, refunded or disputed): it stays on record */
  deletable: boolean;
};

/** One purchase for the back office and GET /api/purchases/{id}: the view, its last change and its history. */
export type PurchaseDetail = PurchaseView & {
  updatedAt: string;
  /** deliveries this customer (by email or phone) refused at the door (docs/product.md "Paying") */
  refusedDeliveries: number;
  /** a pick-up not collected: when she was reminded to collect it (docs/product.md "Pick-up"), null: not yet */
  collectRemindedAt: string | null;
  /** her other paid orders (by phone): how many, what they came to less the sales refunded, and those refunds (naira) */
  otherPaidOrders: { count: number; total: number; refunded: number };
  /** who recorded it at the order desk, by her name now; null: a web order, or a member since removed */
  recordedBy: string | null;
  /** bought from a shared wish list: its owner's name now (docs/product.md "Wish lists"); null: not, or she was deleted */
  wishListOf: string | null;
  events: { id: string; status: PurchaseStatus; note: string | null; actorName: string | null; createdAt: string }[];
};

/** One step of an order's progress on its page (tracking.server.ts): `at` is null until it happens. */
export type TimelineStep = {
  key: "placed" | "paid" | "preparing" | "shipped" | "delivered" | "cancelled";
  label: string;
  at: string | null;
  /** what the shop wrote with the step for her (the rider's details, who received it), as mailed to her */
  detail?: string | null;
};

/** A customer the back office's look-up found (docs/product.md "Manual orders"): her account, or the details of her latest order. */
export type FoundCustomer = {
  userId: string | null;
  name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  lga: string | null;
  orders: number;
  /** the team's note about her (docs/product.md "Notes about a customer"), null: none */
  note: string | null;
};

/** The packing slip's and gift receipt's data (packing-documents.server.ts): prices absent when hidden. */
export type PackingLine = { title: string; details: string; quantity: number; unitPrice?: number; total?: number };

export type PackingDocument = {
  id: string;
  number: string;
  placedAt: string;
  shop: { name: string; email: string; phone: string; address: string };
  isGift: boolean;
  /** who the parcel is from, as the recipient may read it (null: not a gift) */
  from: string | null;
  shipTo: { name: string; phone: string; address: string; area: string | null };
  message: string | null;
  /** the rider's instructions (the packing slip only) */
  note: string | null;
  surpriseMode: boolean;
  deliveryMethod: DeliveryMethod;
  /** 'Delivery on Friday 4 December 2026, 9 am – 12 pm' when the order chose a day (null otherwise) */
  deliveryDay: string | null;
  lines: PackingLine[];
  /** the breakdown, absent when the prices are hidden */
  /** `dateFee`: what the chosen date and window added (0 without) */
  totals: { subtotal: number; code: number; vat: number; delivery: number; dateFee: number; total: number } | null;
};
