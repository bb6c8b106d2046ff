import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { isAppError, type AppError } from "../../../lib/errors";
import { normalizeNigerianPhone } from "../../../lib/phone";
import { topProducts } from "../../../modules/catalog/service.server";
import type { ProductView } from "../../../modules/catalog/types";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import { once, requestHash } from "../../../modules/orders/idempotency.server";
import { type manualOrderFields, manualOrderInput, priceEachField } from "../../../modules/orders/manual-order-schemas";
import { agreedPriceField } from "../../../modules/pricing/agreed-price";
import { findCustomers, quoteManualOrder, recordManualOrder } from "../../../modules/orders/manual-orders.server";
import type { FoundCustomer } from "../../../modules/orders/types";
import { pastRecipients, sendAgainDefaults, type PastRecipient } from "../../../modules/orders/past-recipients.server";
import { deskFieldNames, deskMethod, type DeskAnswer, type DeskState, type ProductHit } from "../../components/admin/order-desk-state";
import { fieldErrors } from "../../lib/forms";
import { readForm } from "../../lib/form-action.server";
import { checkoutDelivery } from "../shop/checkout-dates.server";
import type { AdminServices } from "./admin-action.server";
import { getSettings } from "../../../modules/settings/service.server";
import { pickupPoints } from "../../../modules/settings/pickup-points";
import { MOST_UNITS_IN_A_LINE } from "../../../modules/settings/schemas";
import { isOwner } from "../../../modules/accounts/roles";
import { shipsFromOf } from "../../../modules/cart/service.server";

// The 'New order' screen's server side (docs/product.md "Manual orders"). The whole screen is one
// form: every button posts it with its intent (find the customer, search, add or remove a product,
// create), and the answer is the screen's state again, priced by the server. It works the same
// before the page's script loads; the order is placed once per visit's attempt key.

// the screen's fields are the schema's, one for one
const fieldNames = deskFieldNames satisfies readonly (keyof typeof manualOrderFields.shape)[];

const MAX_LINES = 50;
const emptyState = (): DeskState => ({
  ...(Object.fromEntries(fieldNames.map((k) => [k, ""])) as Record<(typeof fieldNames)[number], string>),
  deliveryMethod: "standard",
  paidVia: "transfer",
  attempt: crypto.randomUUID(),
  lookup: "",
  found: "",
  q: "",
  lines: [],
});

/**
 * The screen as it opens: a new order, or (`?lookup=`, from a message in /messages) one for the
 * customer of that phone or email, looked up as her Find button does.
 */
export async function newOrderPage(db: AdminServices["db"], lookup?: string | null) {
  const state = emptyState();
  state.lookup = (lookup ?? "").trim().slice(0, 100);
  const [areas, shop, customers] = await Promise.all([
    deliveryAreaNames(db),
    getSettings(db),
    state.lookup ? lookUp(db, state, "find") : null,
  ]);
  const recipients = await recipientsOf(db, state);
  return {
    areas,
    payLinkHours: shop.payLinkHours,
    // a customer collecting at the shop, when it gives its pick-up address (docs/product.md "Pick-up")
    pickup: pickupPoints(shop),
    // each opening of the screen is a new order: its own rev (the screen is drawn anew for it)
    answer: {
      rev: `start-${crypto.randomUUID()}`,
      state,
      customers,
      results: null,
      recipients,
      quote: null,
      delivery: null,
    } as DeskAnswer,
  };
}

const text = (form: FormData, name: string, max = 500) => (form.get(name)?.toString() ?? "").slice(0, max);
// a gift's message is longer than the schema allows only to be refused with its count, never cut
const MAX_FIELD: Partial<Record<(typeof fieldNames)[number], number>> = { giftMessage: 1000 };

/** The screen as posted: its fields and its lines (`qty.<productId>`), bounded. */
function readState(form: FormData): DeskState {
  const state = emptyState();
  for (const k of [...fieldNames, "lookup", "found"] as const) state[k] = text(form, k, MAX_FIELD[k as (typeof fieldNames)[number]]).trim();
  // the catalogue's search takes at most 100 characters
  state.q = text(form, "q", 100).trim();
  state.attempt = /^[\w-]{8,100}$/.test(text(form, "attempt")) ? text(form, "attempt") : state.attempt;
  state.deliveryMethod ||= "standard";
  state.paidVia ||= "transfer";
  for (const [key, value] of form) {
    const id = key.startsWith("qty.") ? key.slice(4) : "";
    const quantity = Number(value);
    if (!/^[0-9a-f-]{36}$/i.test(id) || state.lines.length >= MAX_LINES || state.lines.some((l) => l.productId === id)) continue;
    // a quantity being typed (blank, 0, 1.5) keeps the line at 1, as 'less' does: a line goes by its bin only
    state.lines.push({
      productId: id,
      quantity: Number.isInteger(quantity) && quantity >= 1 ? Math.min(quantity, MOST_UNITS_IN_A_LINE) : 1,
      priceEach: text(form, agreedPriceField(id), 20).trim(),
    });
  }
  return state;
}

/** A button's intent and its product: 'add:<id>', 'remove:<id>', 'more:<id>', 'less:<id>', 'pick:<n>', or a word. */
function applyLineIntent(state: DeskState, intent: string) {
  const [verb, arg = ""] = intent.split(":");
  const line = state.lines.find((l) => l.productId === arg);
  if (verb === "add" && /^[0-9a-f-]{36}$/i.test(arg) && state.lines.length < MAX_LINES) {
    if (line) line.quantity = Math.min(line.quantity + 1, MOST_UNITS_IN_A_LINE);
    else state.lines.push({ productId: arg, quantity: 1, priceEach: "" });
  }
  if (verb === "more" && line) line.quantity = Math.min(line.quantity + 1, MOST_UNITS_IN_A_LINE);
  if (verb === "less" && line) line.quantity = Math.max(line.quantity - 1, 1);
  if (verb === "remove") state.lines = state.lines.filter((l) => l.productId !== arg);
}

/** The customer the owner found, written into the form (the phone and email she typed win when the record has none). */
function prefill(state: DeskState, c: FoundCustomer) {
  Object.assign(state, {
    customerId: c.userId ?? "",
    name: c.name,
    phone: c.phone || state.phone,
    email: c.email || state.email,
    street: c.street,
    city: c.city,
    lga: c.lga ?? state.lga,
  });
}

async function lookUp(db: AdminServices["db"], state: DeskState, intent: string) {
  if (!state.lookup) return null;
  const customers = await findCustomers(db, state.lookup);
  // a new look-up fills the form in when it finds one customer; a pick always does
  const fresh = state.lookup !== state.found;
  const picked = intent.startsWith("pick:")
    ? customers[Number(intent.slice(5))]
    : fresh && customers.length === 1
      ? customers[0]
      : undefined;
  if (picked) prefill(state, picked);
  else if (fresh && !customers.length) {
    // a new customer: what was typed goes where it belongs
    const phone = normalizeNigerianPhone(state.lookup);
    if (phone) state.phone ||= state.lookup;
    else if (state.lookup.includes("@")) state.email ||= state.lookup;
    state.customerId = "";
  }
  state.found = state.lookup;
  return customers;
}

/** Whom the customer on the form sent gifts to (by her number or email): none until she is known. */
const recipientsOf = (db: AdminServices["db"], state: DeskState) =>
  state.phone || state.email ? pastRecipients(db, { phone: state.phone, email: state.email }) : Promise.resolve([]);

/** 'recipient:<order id>': a gift to one of them again, her name, number, email and address filled in (none of last time's card). */
function sendAgain(state: DeskState, recipients: PastRecipient[], intent: string) {
  const r = intent.startsWith("recipient:") ? recipients.find((x) => x.id === intent.slice(10)) : undefined;
  if (!r) return;
  const again = sendAgainDefaults(r);
  Object.assign(state, again.gift, { street: again.street, city: again.city, lga: r.lga, deliveryDate: "", deliveryWindow: "" });
  // a gift is delivered to her, never collected
  if (state.deliveryMethod === "pickup") state.deliveryMethod = "standard";
}

async function quoteOf(services: AdminServices, state: DeskState) {
  const areas = await deliveryAreaNames(services.db);
  const lga = areas.find((a) => a.toLowerCase() === state.lga.toLowerCase());
  // the area's dates, and the date and window asked for, checked as the order will check them
  const method = deskMethod(state);
  // a pick-up at the shop books no date (docs/product.md "Pick-up")
  const { delivery, slot } = await checkoutDelivery(services.db, method === "pickup" ? null : (lga ?? null), {
    date: state.deliveryDate,
    window: state.deliveryWindow,
    method,
    shipsFrom: await shipsFromOf(services.db, { productIds: state.lines.map((l) => l.productId) }),
  });
  if (!delivery.picker) state.deliveryDate = state.deliveryWindow = "";
  if (!state.lines.length) return { quote: null, delivery, fields: {} as Record<string, string> };
  const fee = state.deliveryFee === "" ? undefined : Number(state.deliveryFee);
  // a price each that is not one, or above the listed price, is named on its line and left out of the total
  const { lines, fields: priceFields } = agreedPricesOf(state);
  const quoteWith = (agreed: typeof lines) =>
    quoteManualOrder(services.db, {
      lines: agreed,
      lga: lga ?? null,
      code: state.code || undefined,
      deliveryMethod: method,
      deliveryFee: fee !== undefined && Number.isFinite(fee) && fee >= 0 && fee <= 20_000_000 ? fee : undefined,
      slot,
      staff: !isOwner(services.user.role),
    });
  try {
    const quote = await quoteWith(lines).catch((e: unknown) => {
      const refused = isAppError(e) ? Object.keys(e.fields ?? {}).filter((k) => k.startsWith("price.")) : [];
      if (!refused.length) throw e;
      Object.assign(priceFields, (e as AppError).fields);
      return quoteWith(lines.map((l) => (refused.includes(agreedPriceField(l.productId)) ? { ...l, priceEach: undefined } : l)));
    });
    // products that are gone drop out of the form with the quote
    state.lines = state.lines.filter((l) => quote.cartItems.some((i) => i.productId === l.productId));
    const fields: Record<string, string> = { ...priceFields, ...(quote.summary.code?.message ? { code: quote.summary.code.message } : {}) };
    return { quote, delivery, fields };
  } catch (e) {
    if (isAppError(e)) return { quote: null, delivery, fields: { ...priceFields, ...e.fields } };
    throw e;
  }
}

/** Each line's price each as the schema reads it; one that is not a price is named by its field and left out. */
function agreedPricesOf(state: DeskState) {
  const fields: Record<string, string> = {};
  const lines = state.lines.map((l) => {
    const read = priceEachField.safeParse(l.priceEach);
    if (!read.success) fields[agreedPriceField(l.productId)] = read.error.issues[0]!.message;
    return { productId: l.productId, quantity: l.quantity, priceEach: read.success ? read.data : undefined };
  });
  return { lines, fields };
}

/** The screen's action: one intent, then the state again (or, on 'create', the order's page). */
export async function newOrderAction(services: AdminServices, request: Request) {
  const form = await readForm(request);
  const state = readState(form);
  const intent = text(form, "intent", 60) || "refresh";
  applyLineIntent(state, intent);
  const wantsCustomer = intent === "find" || intent.startsWith("pick:") || (intent === "refresh" && state.lookup !== state.found);
  const [customers, results] = await Promise.all([
    wantsCustomer ? lookUp(services.db, state, intent) : null,
    state.q ? topProducts(services.db, { q: state.q, pageSize: 6 }).then((items) => items.map(toHit)) : null,
  ]);
  const recipients = await recipientsOf(services.db, state);
  sendAgain(state, recipients, intent);
  const { quote, delivery, fields } = await quoteOf(services, state);
  const answer = (extra: Partial<DeskAnswer> = {}): DeskAnswer => ({
    rev: crypto.randomUUID(),
    state,
    customers,
    results,
    recipients,
    quote,
    delivery,
    ...extra,
  });
  if (intent !== "create") return answer({ fields });

  const parsed = manualOrderInput.safeParse({
    ...Object.fromEntries(fieldNames.map((k) => [k, state[k]])),
    lines: state.lines,
  });
  // a line's refused price each is named by its own field (price.<productId>), as the quote named it
  const priceProblems = Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith("price.")));
  if (!parsed.success || Object.keys(priceProblems).length)
    return data(
      answer({
        msg: "Please check the highlighted fields.",
        fields: { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...priceProblems },
      }),
      400,
    );
  try {
    const placed = await once(services.db, `manual-order:${services.user.id}`, state.attempt, requestHash(parsed.data), 201, () =>
      recordManualOrder(services.db, services.env, parsed.data, services.user.id),
    );
    return redirect(`/viewpurchase/${placed.body.id}?recorded=1`);
  } catch (e) {
    if (!isAppError(e)) throw e;
    return data(answer({ msg: e.message, fields: e.fields ?? {} }), e.status as 400);
  }
}

const toHit = (p: ProductView): ProductHit => ({
  id: p.id,
  title: p.title,
  price: p.price,
  discount: p.discount,
  stock: p.stock,
});
