import { CheckCircle2, Clock, MessageCircle } from "lucide-react";
import { useEffect } from "react";
import { CopyButton } from "../../components/copy-button";
import { Form, Link, useRevalidator, useRouteLoaderData } from "react-router";
import { AskOnWhatsApp } from "../../components/contact/whatsapp-links";
import { OrderAgainForm } from "../../components/orders/order-again";
import { OrderDetails, orderDate, orderTitle } from "../../components/orders/order-details";
import { OrderTimeline } from "../../components/orders/order-timeline";
import { ListNewsShare } from "../../components/wish-list/list-news";
import { FormMessage } from "../../components/forms/fields";
import { RouteError } from "../../components/route-error";
import { appContext } from "../../context";
import { emptyCartAfterPlacing } from "../../lib/guest-cart";
import { lagosDayTime } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import { REMINDER_ANSWER } from "../../../modules/orders/gift-rules";
import type { GiftView } from "../../../modules/orders/types";
import { DAY_CHANGE } from "../../../modules/orders/delivery-date-schemas";
import { TRANSFER_SENT } from "../../../modules/orders/transfer-sent-schemas";
import { TransferSentForm } from "../../components/orders/transfer-sent-form";
import { ChangePickupPoint } from "../../components/orders/change-pickup-point";
import { PICKUP_POINT_ANSWER } from "../../../modules/orders/pickup";
import { ChangeDeliveryDay } from "../../components/orders/change-delivery-day";
import { orderNumber } from "../../../modules/orders/statuses";
import type { UnappliedPayment } from "../../../modules/orders/stray-payments.server";
import type { PayLinkView } from "../../../modules/orders/pay-link.server";
import { orderQuestion, shareOnWhatsAppUrl, shopOrderPath, shopUrl } from "../../../modules/marketing/whatsapp";
import { orderPageAction, orderPageData } from "./checkout-complete.server";
import type { Route } from "./+types/checkout-complete";

type ChipIns = PayLinkView["chipIns"];

export function meta() {
  return [{ title: "Your order | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

/** The provider sends the payer here, and every order mail links here: verify, complete once, show the order. */
export const loader = ({ context, request }: Route.LoaderArgs) => orderPageData(context.get(appContext), request);

/** The loader's cookie (a friend's wish list done with, once paid): a loader's Set-Cookie is not passed on by itself. */
export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cookie = loaderHeaders.get("Set-Cookie");
  return cookie ? { "Set-Cookie": cookie } : {};
}

/** 'Save my details' after the order (docs/product.md "Guest checkout"). */
export const action = ({ context, request }: Route.ActionArgs) => orderPageAction(context.get(appContext), request);

export default function CheckoutComplete({ loaderData, actionData }: Route.ComponentProps) {
  const { order, state, transfer, payLink, timeline, unapplied, again, token, saveDetails, dayChange, pickupChange, listNews } = loaderData;
  // the gift reminder's and the delivery day's answers have their own places; every other answer is the details form's
  const reminderAnswer = actionData?.code === REMINDER_ANSWER ? actionData : null;
  const dayAnswer = actionData?.code === DAY_CHANGE ? actionData : null;
  const transferAnswer = actionData?.code === TRANSFER_SENT ? actionData : null;
  const pointAnswer = actionData?.code === PICKUP_POINT_ANSWER ? actionData : null;
  const answer = reminderAnswer || dayAnswer || transferAnswer || pointAnswer ? undefined : actionData;
  const { revalidate } = useRevalidator();
  const placed = state === "paid" || state === "transfer" || state === "pod" || state === "pay_link";
  // the order is placed: the guest's browser cart it came from is done (never on another order's page);
  // the header's count was read before the cart emptied
  useEffect(() => {
    if (!placed || !order) return;
    emptyCartAfterPlacing(order.id);
    void revalidate();
  }, [placed]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!order || state === "waiting" || state === "unreachable") {
    return (
      <main id="main" className="container-page max-w-xl py-16 text-center">
        <h1 className="text-3xl">We are confirming your payment</h1>
        <p className="mt-4 text-muted">
          {state === "unreachable" ? "We could not reach the payment service just now." : "Your payment has not been confirmed yet."} Your
          cart is safe. This page checks again when you reload it.
        </p>
        {/* a payment the order could not take (the amount of an earlier payment page, say) is said here too */}
        {order ? <UnappliedPayments payments={unapplied} /> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="" className="btn-primary">
            Check again
          </a>
          <Link to="/checkout" className="btn-outline">
            Back to checkout
          </Link>
        </div>
      </main>
    );
  }
  const total = formatNairaAmount(order.totalAmount);
  // what she still pays: the total, less a part payment the shop recorded (docs/product.md "Part payments")
  const due = formatNairaAmount(order.leftToPay);
  if (state === "refund" || state === "lapsed") {
    return (
      <main id="main" className="container-page max-w-xl py-16 text-center">
        <h1 className="text-3xl">{orderTitle(order.id)} was cancelled</h1>
        <p className="mt-4 text-muted" data-testid="refund-message">
          {state === "refund"
            ? `We received your payment of ${total}, but this order is cancelled, so we are refunding the full amount the way you paid, within 5 working days. You do not need to do anything; the details are in your email.`
            : order.deposit > 0
              ? // part was paid, so it did not lapse: the shop cancelled it (docs/product.md "Part payments")
                "This order was cancelled, so its items went back on sale. What was paid towards it is below."
              : "We did not receive the payment in time, so the items went back on sale. You can order again whenever you like."}
        </p>
        <UnappliedPayments payments={unapplied} />
        <AfterOrderLinks order={order} againWith={again ? { token } : undefined} />
      </main>
    );
  }
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <div className="text-center">
        {state === "paid" || state === "pod" ? (
          <CheckCircle2 size={48} className="mx-auto text-sage" aria-hidden="true" />
        ) : (
          <Clock size={48} className="mx-auto text-rose" aria-hidden="true" />
        )}
        <h1 className="mt-3 text-3xl">{headline[state]}</h1>
        <p className="mt-2 text-lg font-bold" data-testid="order-number">
          {orderTitle(order.id)}
        </p>
        {/* an order the shop recorded without an email has no mail on its way */}
        {order.email ? (
          <p className="text-sm text-muted" data-testid="order-mail-note">
            {state === "paid"
              ? `Paid ${order.paidAt ? orderDate(order.paidAt) : ""} · a confirmation is on its way to`
              : "The details are on their way to"}{" "}
            {order.email}
          </p>
        ) : state === "paid" && order.paidAt ? (
          <p className="text-sm text-muted" data-testid="order-mail-note">
            Paid {orderDate(order.paidAt)}
          </p>
        ) : null}
      </div>
      <UnappliedPayments payments={unapplied} />
      {state === "transfer" ? (
        <section className="mt-8 rounded-2xl border-2 border-rose bg-blush p-5" aria-label="How to pay" data-testid="transfer-details">
          <p>
            Transfer <strong>{order.deposit > 0 ? `${due}, what is left to pay,` : total}</strong> to:
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-muted">Bank</dt>
            <dd className="font-semibold">{transfer.bankName}</dd>
            <dt className="text-muted">Account name</dt>
            <dd className="font-semibold">{transfer.accountName}</dd>
            <dt className="text-muted">Account number</dt>
            <dd className="flex items-center gap-2 font-semibold">
              {transfer.accountNumber} <CopyButton text={transfer.accountNumber} label="Copy account number" />
            </dd>
            <dt className="text-muted">Reference</dt>
            <dd className="flex items-center gap-2 font-semibold">
              {orderNumber(order.id)} <CopyButton text={orderNumber(order.id)} label="Copy reference" />
            </dd>
          </dl>
          <p className="mt-3 text-sm">
            We hold your items until {order.expiresAt ? lagosDayTime(new Date(order.expiresAt)) : "we hear from you"} and confirm your order
            as soon as the money arrives.
          </p>
          <TransferSentForm order={order} token={token} answer={transferAnswer} />
        </section>
      ) : null}
      {state === "pod" ? (
        <p className="mt-8 rounded-2xl border border-line bg-linen p-5 text-center" data-testid="pod-details">
          {order.deliveryMethod === "pickup" ? (
            <>
              You pay <strong>{due}</strong> when you collect your order at the shop, by cash, transfer or POS.
            </>
          ) : (
            <>
              You pay <strong>{due}</strong> to the rider when your order arrives, by cash, transfer or POS.
            </>
          )}
        </p>
      ) : null}
      {state === "pay_link" && payLink ? <ShareLink payLink={payLink} amount={order.deposit > 0 ? `${due} left to pay` : total} /> : null}
      {listNews ? <ListNewsShare news={listNews} /> : null}
      <OrderTimeline steps={timeline} />
      <section className="mt-8 rounded-2xl border border-line bg-linen p-5" aria-label="Order details">
        <OrderDetails order={order} />
        {dayAnswer?.ok ? (
          <div className="mt-3" data-testid="delivery-day-changed">
            <FormMessage tone="success">{dayAnswer.msg}</FormMessage>
          </div>
        ) : null}
        {dayChange ? (
          <ChangeDeliveryDay orderId={order.id} token={token} choices={dayChange} method={order.deliveryMethod} answer={dayAnswer} />
        ) : null}
        <ChangePickupPoint orderId={order.id} token={token} choices={pickupChange} answer={pointAnswer} />
        {order.gift ? <GiftReminderForms orderId={order.id} token={token} gift={order.gift} /> : null}
        {reminderAnswer?.msg ? (
          <div className="mt-3" data-testid="reminder-answer">
            <FormMessage tone={reminderAnswer.ok ? "success" : "error"}>{reminderAnswer.msg}</FormMessage>
          </div>
        ) : null}
      </section>
      {/* once saved, the page no longer offers it: the answer stays until she leaves */}
      {answer?.ok ? (
        <div className="mt-8" data-testid="details-saved">
          <FormMessage tone="success">{answer.msg}</FormMessage>
        </div>
      ) : saveDetails ? (
        <SaveDetails
          orderId={order.id}
          token={token}
          email={order.email}
          pickup={order.deliveryMethod === "pickup"}
          refused={answer?.msg ?? null}
        />
      ) : answer?.msg ? (
        // refused when the page no longer offers it (not paid yet, an old tab)
        <div className="mt-8">
          <FormMessage tone="error">{answer.msg}</FormMessage>
        </div>
      ) : null}
      <AfterOrderLinks order={order} againWith={again ? { token } : undefined} />
    </main>
  );
}

const headline: Record<string, string> = {
  paid: "Thank you! Your order is confirmed",
  pod: "Thank you! Your order is confirmed",
  transfer: "Your order is reserved: one step left",
  pay_link: "Your order is reserved: share the link",
};

const refundWords: Record<UnappliedPayment["status"], (p: UnappliedPayment) => string> = {
  refund_needed: () => "We are refunding it to the account or card it came from within 5 working days; you do not need to do anything.",
  refund_pending: () => "Its refund is on its way to the account or card it came from.",
  refunded: (p) => `It was refunded${p.refundedAt ? ` on ${orderDate(p.refundedAt)}` : ""} to the account or card it came from.`,
  kept: () => "It was kept, as agreed with you.",
};

/** A part the shop took itself goes back by hand (docs/product.md "Part payments"). */
const byHandRefundWords: Partial<Record<UnappliedPayment["status"], (p: UnappliedPayment) => string>> = {
  refund_needed: () => "We will be in touch about giving it back.",
  refunded: (p) => `It was given back by ${p.byHand?.givenBackVia ?? "hand"}${p.refundedAt ? ` on ${orderDate(p.refundedAt)}` : ""}.`,
};

const whereItIs = (p: UnappliedPayment) => ((p.byHand && byHandRefundWords[p.status]) || refundWords[p.status])(p);

/** A payment the order did not take (paid twice, say): she reads it here as in her mail, with where its refund is. */
function UnappliedPayments({ payments }: { payments: UnappliedPayment[] }) {
  if (!payments.length) return null;
  return (
    <section
      className="mt-8 space-y-2 rounded-2xl border border-line bg-linen p-5 text-left"
      aria-label="Payments not needed"
      data-testid="unapplied-payments"
    >
      {payments.map((p, i) => (
        <p key={i}>
          We received a payment of <strong>{formatNairaAmount(p.amount)}</strong> for this order, {p.why}. {whereItIs(p)}
        </p>
      ))}
    </section>
  );
}

/** 'Ask someone to pay': the link, and the way Lagos shares it; who chipped in so far (docs/product.md "Chipping in"). */
function ShareLink({ payLink, amount }: { payLink: { url: string; until: string; chipIns: ChipIns }; amount: string }) {
  const { url: link, until, chipIns } = payLink;
  const message = `Please help me pay for my Alafia Self-Care order (${amount}): ${link}`;
  return (
    <section className="mt-8 rounded-2xl border-2 border-rose bg-blush p-5" aria-label="Payment link" data-testid="pay-link">
      <p>
        Send this link to the person paying. It works until {lagosDayTime(new Date(until))}. It shows what you are buying and the total,
        never your address. Friends paying together can each chip in part of it through the same link.
      </p>
      {chipIns.length ? (
        <p className="mt-2 text-sm" data-testid="pay-link-chip-ins">
          Chipped in so far: {chipIns.map((c) => `${c.name ?? "Someone"} ${formatNairaAmount(c.amount)}`).join(", ")}.
        </p>
      ) : null}
      <p className="mt-3 break-all rounded-xl bg-white p-3 text-sm font-semibold" data-testid="pay-link-url">
        {link}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a className="btn-primary" href={shareOnWhatsAppUrl(message)} target="_blank" rel="noopener noreferrer">
          <MessageCircle size={18} aria-hidden="true" /> Share on WhatsApp
        </a>
        <CopyButton text={link} label="Copy payment link" />
      </div>
    </section>
  );
}

/**
 * A guest who did not tick 'Save my details' at the checkout: her account made from this paid order,
 * with it inside, and a link mailed to set the password. A plain form, so it works before the
 * page's script runs.
 */
function SaveDetails(props: { orderId: string; token: string | null; email: string; pickup: boolean; refused: string | null }) {
  const { orderId, token, email, pickup, refused } = props;
  return (
    <Form method="post" className="mt-8 rounded-2xl border border-line bg-linen p-5" aria-labelledby="save-details-title">
      <h2 id="save-details-title" className="text-xl">
        Save your details for next time
      </h2>
      <p className="mt-2 text-muted">
        We will make an account for <span className="break-all font-semibold text-ink">{email}</span> with your name, phone
        {/* a pick-up's address is the shop's, never hers (docs/product.md "Pick-up") */}
        {pickup ? "" : " and address"}, with this order in it, and mail you a link to set a password. Your next checkout fills them in.
      </p>
      <input type="hidden" name="intent" value="save-details" />
      <input type="hidden" name="purchaseId" value={orderId} />
      {token ? <input type="hidden" name="t" value={token} /> : null}
      {refused ? (
        <div className="mt-3">
          <FormMessage tone="error">{refused}</FormMessage>
        </div>
      ) : null}
      <button type="submit" className="btn-outline mt-4">
        Save my details
      </button>
    </Form>
  );
}

/**
 * A gift's reminder from its order page (docs/product.md "Gift orders"): "Remind me every year"
 * while it is a one-off (due or sent), and giving it up while one is to come; plain forms.
 */
function GiftReminderForms({ orderId, token, gift }: { orderId: string; token: string | null; gift: GiftView }) {
  const yearly = !gift.remindYearly && (gift.remindOn || gift.remindedOn);
  if (!yearly && !gift.remindOn) return null;
  const button = (intent: string, label: string) => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="purchaseId" value={orderId} />
      {token ? <input type="hidden" name="t" value={token} /> : null}
      <button type="submit" className="inline-flex min-h-11 items-center text-sm font-semibold text-rose-dark underline">
        {label}
      </button>
    </Form>
  );
  return (
    <div className="mt-1 flex flex-wrap gap-x-5">
      {yearly ? button("remind-yearly", "Remind me every year") : null}
      {gift.remindOn ? button("stop-reminder", gift.remindYearly ? "Stop the yearly reminder" : "Don't remind me next year") : null}
    </div>
  );
}

/**
 * Her next steps, and a question to the shop about this order (docs/product.md "WhatsApp and social
 * links"); 'Order again' when it is hers to order again (`againWith`: the order's link, for a guest).
 */
function AfterOrderLinks({ order, againWith }: { order: { id: string; totalAmount: number }; againWith?: { token: string | null } }) {
  const root = useRouteLoaderData("root") as { user?: unknown } | undefined;
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <AskOnWhatsApp
        label="Ask about this order on WhatsApp"
        message={(c) =>
          orderQuestion(c.shopName, { id: order.id, totalAmount: order.totalAmount, url: shopUrl(c.origin, shopOrderPath(order.id)) })
        }
      />
      {againWith ? (
        <OrderAgainForm orderId={order.id} token={againWith.token}>
          <button type="submit" className="btn-outline">
            Order again
          </button>
        </OrderAgainForm>
      ) : null}
      {root?.user ? (
        <Link to="/profile" className="btn-outline">
          My orders
        </Link>
      ) : null}
      <Link to="/products" className="btn-primary">
        Continue shopping
      </Link>
    </div>
  );
}

export const ErrorBoundary = RouteError;
