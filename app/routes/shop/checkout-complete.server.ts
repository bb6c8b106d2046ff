import { data, redirect } from "react-router";
import { z } from "zod";
import type { AppServices } from "../../context";
import { readSearchParams } from "../../lib/search-params.server";
import { AppError } from "../../../lib/errors";
import { lagosDayTime, longDay } from "../../../lib/lagos-calendar";
import { sayTransferSent } from "../../../modules/orders/transfer-sent.server";
import { RECEIPT_FIELD } from "../../../modules/orders/transfer-receipts.server";
import { movePickupPoint, myPickupPointChoices } from "../../../modules/orders/pickup-point.server";
import { PICKUP_POINT_ANSWER } from "../../../modules/orders/pickup";
import { pickupPointInput } from "../../../modules/orders/schemas";
import { TRANSFER_SENT, transferSentInput } from "../../../modules/orders/transfer-sent-schemas";
import { verifyAndComplete } from "../../../modules/orders/completion.server";
import { orderForViewer } from "../../../modules/orders/order-access.server";
import { holdsOrder, isOrderViewToken, payLinkUrl } from "../../../modules/orders/order-links.server";
import { giftForBuyer, REMINDER_ANSWER } from "../../../modules/orders/gift-rules";
import { restLinkEnd } from "../../../modules/orders/part-payments.server";
import { chipInsOf } from "../../../modules/orders/pay-link.server";
import { isPaidOrder } from "../../../modules/orders/statuses";
import { offersSavedDetails, saveDetailsFromOrder } from "../../../modules/orders/save-details.server";
import { formAction, formImage, parseFields, readForm } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { orderTimeline } from "../../../modules/orders/tracking.server";
import { unappliedPayments } from "../../../modules/orders/stray-payments.server";
import { getPurchaseByReference } from "../../../modules/orders/views.server";
import { remindEveryYear, stopGiftReminder } from "../../../modules/orders/gift-reminders.server";
import { changeMyDeliveryDay, myDeliveryDayChoices } from "../../../modules/orders/delivery-day.server";
import { DAY_CHANGE, deliveryDateFields } from "../../../modules/orders/delivery-date-schemas";
import { paymentProvider } from "../../../modules/payments/provider.server";
import { paymentReference } from "../../../modules/payments/schemas";
import { getSettings } from "../../../modules/settings/service.server";
import { listNewsOf } from "../../../modules/wish-lists/bought.server";
import { clearedWishForCookie, readWishFor } from "../../../modules/wish-lists/shopping-for.server";
import { publicOrigin } from "../../../lib/public-origin";

const completeQuery = z.object({ reference: paymentReference.optional(), t: z.string().trim().max(100).optional() });

/**
 * What the order's page says (docs/product.md "Paying"): paid; still being confirmed; paid but
 * cancelled (a refund is coming); or, for an order paid later, what happens next: the account to
 * transfer to, the rider who collects, the link to share.
 */
export type OrderPageState = "paid" | "waiting" | "unreachable" | "refund" | "transfer" | "pod" | "pay_link" | "lapsed";

/** The order's page with its progress (docs/product.md "Tracking an order"). */
export async function orderPageData(services: AppServices, request: Request) {
  const page = await orderPage(services, request);
  // a gift's address shows to the buyer as the owner chose (docs/product.md "Gift orders")
  const [{ giftAddressForBuyer }, timeline, unapplied] = await Promise.all([
    getSettings(services.db),
    page.order ? orderTimeline(services.db, page.order.id) : [],
    // a payment the order did not take (paid twice, say), and where its refund is
    page.order ? unappliedPayments(services.db, page.order.id) : [],
  ]);
  // 'Order again' is hers: by her account, or by the order's link (a guest); never the team's cart
  const { env, user } = services;
  const again = !!page.order && againStates.includes(page.state) && holdsOrder(env, page.order, { token: page.token, userId: user?.id });
  // 'Save my details' after the order: a paid guest order, opened by its link, whose email has no account
  const saveDetails =
    !!page.order &&
    page.state === "paid" &&
    !user &&
    isOrderViewToken(env, page.order.id, page.token) &&
    (await offersSavedDetails(services.db, page.order));
  // 'Change my delivery day', hers until the shop begins preparing it (docs/product.md "Delivery on a chosen date")
  const dayChange = page.order ? await myDeliveryDayChoices(services.db, env, page.order, { token: page.token, userId: user?.id }) : null;
  // 'Collect it at … instead', hers until the shop begins preparing it (docs/product.md "Pick-up")
  const pickupChange = page.order
    ? await myPickupPointChoices(services.db, env, page.order, { token: page.token, userId: user?.id })
    : null;
  // bought from a friend's wish list: what she got of it, to tell the others (docs/product.md "Wish lists")
  const listNews =
    page.order && holdsOrder(env, page.order, { token: page.token, userId: user?.id })
      ? await listNewsOf(services.db, page.order.id)
      : null;
  const shown = {
    ...page,
    order: page.order ? giftForBuyer(page.order, giftAddressForBuyer) : null,
    listNews: listNews && { ...listNews, url: `${publicOrigin(env)}${listNews.path}` },
    timeline,
    unapplied,
    again,
    saveDetails,
    dayChange,
    pickupChange,
  };
  // paid: the friend's list she shopped from is done with (a payment that did not go through kept
  // it, for her next try at checkout), so her next order is her own (docs/product.md "Wish lists")
  return page.state === "paid" && readWishFor(request) ? data(shown, { headers: { "Set-Cookie": clearedWishForCookie(env) } }) : shown;
}

const saveDetailsForm = z.object({
  intent: z.literal("save-details", { error: "Please reload the page and try again." }),
  purchaseId: z.uuid("This order no longer exists. Please reload the page."),
  t: z.string().trim().max(100).optional(),
});

const reminderForm = saveDetailsForm.extend({ intent: z.enum(["stop-reminder", "remind-yearly"]) });
const dayChangeForm = saveDetailsForm.extend({ intent: z.literal("delivery-day"), ...deliveryDateFields });
const pickupPointForm = saveDetailsForm.extend({ intent: z.literal("pickup-point"), ...pickupPointInput.shape });
const transferSentForm = saveDetailsForm.extend({ intent: z.literal("transfer-sent"), ...transferSentInput.shape });

/**
 * The order page's forms, before its script runs too: 'Save my details' (docs/product.md "Guest
 * checkout"), a gift's "Don't remind me" and "Remind me every year" (docs/product.md "Gift orders"), 'Change my delivery
 * day' (docs/product.md "Delivery on a chosen date") and "I have sent it" (docs/product.md "Paying").
 */
export async function orderPageAction({ db, env, user }: AppServices, request: Request) {
  let dayForm = false;
  let reminder = false;
  let transferForm = false;
  let pointForm = false;
  return formAction(
    async (): Promise<FormResult> => {
      const form = await readForm(request);
      if (form.get("intent") === "pickup-point") {
        pointForm = true;
        const { purchaseId, t, pickupPoint } = parseFields(form, pickupPointForm);
        const { point } = await movePickupPoint(db, env, purchaseId, pickupPoint, { shopper: { token: t, userId: user?.id } });
        return { ok: true, code: PICKUP_POINT_ANSWER, msg: `Done: you collect your order at ${point.address}.` };
      }
      if (form.get("intent") === "transfer-sent") {
        transferForm = true;
        const { purchaseId, t, amount, from } = parseFields(form, transferSentForm);
        const picture = await formImage(form, RECEIPT_FIELD);
        const saved = await sayTransferSent(db, env, purchaseId, { amount, from }, { token: t, userId: user?.id }, new Date(), picture);
        const until = saved.expiresAt ? ` We hold your order until ${lagosDayTime(saved.expiresAt)}.` : "";
        return {
          ok: true,
          code: TRANSFER_SENT,
          msg: `Thank you: we are looking for your transfer now.${until}`,
        };
      }
      if (form.get("intent") === "delivery-day") {
        dayForm = true;
        const { purchaseId, t, deliveryDate, deliveryWindow } = parseFields(form, dayChangeForm);
        const moved = await changeMyDeliveryDay(db, env, purchaseId, { deliveryDate, deliveryWindow }, { token: t, userId: user?.id });
        const msg = moved.date ? `Done: your order now comes on ${moved.day}.` : "Done: your order no longer has a set delivery day.";
        return { ok: true, code: DAY_CHANGE, msg };
      }
      if (form.get("intent") === "stop-reminder" || form.get("intent") === "remind-yearly") {
        reminder = true;
        const { purchaseId, t, intent } = parseFields(form, reminderForm);
        const who = { token: t, userId: user?.id };
        if (intent === "remind-yearly") {
          const { remindOn } = await remindEveryYear(db, env, purchaseId, who);
          return {
            ok: true,
            code: REMINDER_ANSWER,
            msg: `Done: we will remind you every year. The next reminder comes on ${longDay(remindOn)}.`,
          };
        }
        const { yearly } = await stopGiftReminder(db, env, purchaseId, who);
        return { ok: true, code: REMINDER_ANSWER, msg: `Done: we won't remind you about this gift ${yearly ? "again" : "next year"}.` };
      }
      const { purchaseId, t } = parseFields(form, saveDetailsForm);
      const { email, created } = await saveDetailsFromOrder(db, env, purchaseId, t);
      return {
        ok: true,
        msg: created
          ? `Your details are saved. We have mailed ${email} a link to set your password: it works for 7 days.`
          : `There is already an account for ${email}. Log in to see your orders in it.`,
      };
    },
    // a refusal of the day's form or the reminder's is answered in its own place too
    async () =>
      dayForm
        ? { code: DAY_CHANGE }
        : reminder
          ? { code: REMINDER_ANSWER }
          : transferForm
            ? { code: TRANSFER_SENT }
            : pointForm
              ? { code: PICKUP_POINT_ANSWER }
              : {},
  );
}

/** Nothing to pay now (paid, paid on delivery) or nothing more to come (cancelled): its products can go back in the cart. */
const againStates: OrderPageState[] = ["paid", "pod", "refund", "lapsed"];

async function orderPage({ db, env, logger, user }: AppServices, request: Request) {
  const { reference, t } = readSearchParams(request, completeQuery, ["reference", "t"]);
  if (!reference) throw redirect("/checkout");
  let row;
  try {
    row = await orderForViewer(db, env, reference, { user, token: t });
  } catch (e) {
    if (e instanceof AppError && e.kind === "not_found") throw data({ msg: "We could not find that order." }, { status: 404 });
    throw e;
  }
  const token = t ?? null;
  const settings = await getSettings(db);
  const transfer = { bankName: settings.bankName, accountName: settings.accountName, accountNumber: settings.accountNumber };
  // an order the shop recorded waits only after a part payment (docs/product.md "Part payments"): the
  // rest goes to the shop's account when it has one, else to the rider
  const later = row.paymentMethod === "transfer" || row.paymentMethod === "pod" || row.paymentMethod === "pay_link" || row.depositKobo > 0;
  if (later && !isPaidOrder(row) && !(row.status === "cancelled" && row.paidAt)) {
    const order = (await getPurchaseByReference(db, row.reference))!;
    const way =
      row.paymentMethod === "manual" || row.paymentMethod === "online" ? (transfer.accountNumber ? "transfer" : "pod") : row.paymentMethod;
    const state: OrderPageState = row.status === "cancelled" ? "lapsed" : way;
    // once part is paid (chipped in, say) the order no longer lapses: the link for the rest works the shop's hours from now
    const end = row.paymentMethod === "pay_link" ? (row.expiresAt ?? restLinkEnd(row, settings.payLinkHours)) : null;
    const payLink = end ? { url: payLinkUrl(env, row.id, end), until: end.toISOString(), chipIns: await chipInsOf(db, row.id) } : null;
    return { order, state, transfer, payLink, token };
  }
  try {
    const result = await verifyAndComplete(db, paymentProvider(env, db), reference, { links: env });
    const { status, paidAt } = result.purchase;
    // paid, but the order is cancelled (sold out before the money arrived, or cancelled by the shop): never "try again"
    if (status === "cancelled" && paidAt)
      return { order: result.purchase, state: "refund" as OrderPageState, transfer, payLink: null, token };
    if (status === "cancelled" || status === "failed") throw redirect(checkoutAgainPath(row, result.paymentStatus === "failed"));
    const state: OrderPageState = status === "pending" ? "waiting" : "paid";
    return { order: result.purchase, state, transfer, payLink: null, token };
  } catch (e) {
    if (e instanceof AppError) {
      logger.warn({ reference, err: e.message }, "payment verification failed");
      return { order: null, state: "unreachable" as OrderPageState, transfer, payLink: null, token };
    }
    throw e;
  }
}

/**
 * Back to the checkout after a payment that did not go through: with the area, speed and date she
 * had chosen (the page's own choice, checked again there), and for a guest the rest comes from the
 * order this browser started (checkout-page.server.ts). A gift sent to the address on a friend's
 * wish list goes back to sending it there (the page finds the list in her browser again).
 */
function checkoutAgainPath(
  p: { lga: string | null; deliveryMethod: string; deliveryDate: string | null; deliveryWindow: string | null; addressPrivate: boolean },
  failed: boolean,
) {
  const query = new URLSearchParams({ payment: failed ? "failed" : "cancelled" });
  if (p.addressPrivate) query.set("gift", "1");
  if (p.addressPrivate) query.set("to", "list");
  if (p.lga) query.set("lga", p.lga);
  query.set("method", p.deliveryMethod);
  if (p.deliveryDate) query.set("date", p.deliveryDate);
  if (p.deliveryDate && p.deliveryWindow) query.set("window", p.deliveryWindow);
  return `/checkout?${query}`;
}
