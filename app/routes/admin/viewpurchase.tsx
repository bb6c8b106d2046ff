import { ArrowLeft, Printer } from "lucide-react";
import { GiftBadge, GiftPanel } from "../../components/admin/gift-panel";
import toast from "react-hot-toast";
import { Link, useFetcher, useNavigation } from "react-router";
import { PurchaseSkeleton } from "../../components/admin/purchase-skeleton";
import { StatusBadge } from "../../components/admin/status-badge";
import { appContext } from "../../context";
import { parseForm, readForm } from "../../lib/form-action.server";
import { startingValues, useBusy, useFetcherAnswer, useOnAnswer, type FormResult } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { shortDay } from "../../../lib/lagos-calendar";
import { formatNaira, formatNairaAmount } from "../../../lib/money";
import { normalizeNigerianPhone, readablePhone } from "../../../lib/phone";
import { chatWithShopperUrl } from "../../../modules/whatsapp/shopper-chats";
import { z } from "zod";
import { PaymentPanel } from "../../components/admin/payment-panel";
import { WhatsAppChatLink } from "../../components/admin/whatsapp-button";
import { RefundPanel } from "../../components/admin/refund-panel";
import { StrayPaymentsPanel } from "../../components/admin/stray-payments-panel";
import { OrderDeskPanel } from "../../components/admin/order-desk-panel";
import { CounterCheckFields } from "../../components/admin/counter-check";
import { CustomerNotePanel } from "../../components/admin/customer-note-panel";
import { DeliveryDayPanel } from "../../components/admin/delivery-day-panel";
import { deliveryDayInput } from "../../../modules/orders/delivery-date-schemas";
import { deliveryDayChoices, moveDeliveryDay } from "../../../modules/orders/delivery-day.server";
import { customerNoteInput } from "../../../modules/orders/customer-note-schemas";
import { customerNote, setCustomerNote } from "../../../modules/orders/customer-notes.server";
import { orderDesk } from "./order-desk.server";
import { deliveryWhen } from "../../components/orders/order-details";
import { dateFeeLabel, deliveryRowLabel } from "../../../modules/delivery/methods";
import { Field, FormMessage } from "../../components/forms/fields";
import { canMoveTo, refusedInput, statusChangeInput } from "../../../modules/orders/admin-schemas";
import { manualPaymentInput, recordManualPayment, recordRefusedDelivery } from "../../../modules/orders/manual-payments.server";
import { agreeRestDue, restDueInput } from "../../../modules/orders/rest-due.server";
import { movePickupPoint, teamPickupPointChoices } from "../../../modules/orders/pickup-point.server";
import { pickupPointInput } from "../../../modules/orders/schemas";
import { PickupPointMove } from "../../components/admin/pickup-point-move";
import { unitPrice } from "../../../modules/pricing/price-order";
import { leftToPayKobo, nextStatusOf, notSentYet, orderNumber, type PurchaseStatus } from "../../../modules/orders/statuses";
import { preorderWords } from "../../../modules/stock/preorder";
import { collectionCodeWords, notCollected, pickupStep, remindedWords } from "../../../modules/orders/pickup";
import { changePurchaseStatus, getPurchase } from "../../../modules/orders/admin.server";
import { refundFormInput } from "../../../modules/orders/refund-schemas";
import { createRefund, refundSummary } from "../../../modules/orders/refunds.server";
import type { PurchaseDetail } from "../../../modules/orders/types";
import { refundStrayPayment, strayPaymentViews } from "../../../modules/orders/stray-refunds.server";
import { heldPartInput, settleHeldPart } from "../../../modules/orders/held-parts.server";
import { paymentProvider } from "../../../modules/payments/provider.server";
import { recordOr404 } from "../../lib/not-found.server";
import { adminAction, ownerOnly, recordId } from "./admin-action.server";
import type { Route } from "./+types/viewpurchase";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Order #${data ? orderNumber(data.purchase.id) : ""} | Alafia admin` }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const services = context.get(appContext);
  const purchase = await recordOr404(params.id, (id) => getPurchase(services.db, id), "Purchase not found");
  // docs/product.md "Manual orders": the receipt, the source and the payment link to send
  const desk = { ...(await orderDesk(services, purchase)), recorded: new URL(request.url).searchParams.has("recorded") };
  // docs/product.md "Refunds": what was paid and what went back
  return {
    purchase,
    desk,
    money: await refundSummary(services.db, purchase.id),
    strays: await strayPaymentViews(services.db, purchase.id),
    // docs/product.md "Notes about a customer": the team's, by her number
    customerNote: await customerNote(services.db, purchase.phone),
    // docs/product.md "Delivery on a chosen date": the days the team may move it to (null: it can't move)
    deliveryDay: await deliveryDayChoices(services.db, purchase),
    // docs/product.md "Pick-up": the shop's other point, until it is ready to collect
    pickupMove: await teamPickupPointChoices(services.db, purchase),
  };
}

/** An order the shop recorded may have no email (docs/product.md "Manual orders"): then nobody was emailed. */
const emailed = (email: string | null | undefined) => (email?.trim() ? "; the customer has been emailed" : "");

/**
 * The order page's buttons: the next status or cancelled (the service mails the customer); money
 * the shop received itself; a delivery refused at the door (docs/product.md "Paying").
 */
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, env, user }): Promise<FormResult> => {
    const id = recordId(args.params.id, "Purchase");
    const intent = (await readForm(args.request)).get("intent");
    if (intent === "payment") {
      const { data } = await parseForm(args.request, manualPaymentInput.extend({ intent: z.literal("payment") }));
      const { purchase, part } = await recordManualPayment(
        db,
        env,
        id,
        { method: data.method, amount: data.amount, reference: data.reference || undefined, part: data.part, restDueOn: data.restDueOn },
        user.id,
      );
      if (part && purchase) {
        const by = purchase.restDueOn ? ` by ${shortDay(purchase.restDueOn)}` : "";
        return { ok: true, msg: `Part payment recorded; ${formatNaira(leftToPayKobo(purchase))} left to pay${by}` };
      }
      return { ok: true, msg: `Payment recorded${emailed(purchase?.email)}` };
    }
    if (intent === "pickup-point") {
      const { data } = await parseForm(args.request, pickupPointInput.extend({ intent: z.literal("pickup-point") }));
      const { point, email } = await movePickupPoint(db, env, id, data.pickupPoint, { actorId: user.id });
      return { ok: true, msg: `She now collects it at ${point.address}${emailed(email)}` };
    }
    if (intent === "rest-due") {
      const { data } = await parseForm(args.request, restDueInput.extend({ intent: z.literal("rest-due") }));
      const saved = await agreeRestDue(db, env, id, { restDueOn: data.restDueOn }, user.id);
      if (!saved.restDueOn) return { ok: true, msg: "No day agreed for the rest now" };
      return { ok: true, msg: `The rest is now due by ${shortDay(saved.restDueOn)}${emailed(saved.email)}` };
    }
    if (intent === "refund") {
      ownerOnly(user);
      const { refund } = await createRefund(db, paymentProvider(env, db), env, id, refundFormInput(await readForm(args.request)), user.id);
      return { ok: true, msg: `${refund.status === "pending" ? "Refund asked" : "Refunded"}; the customer has been emailed` };
    }
    if (intent === "refund-stray") {
      ownerOnly(user);
      const { data } = await parseForm(
        args.request,
        z.object({ intent: z.literal("refund-stray"), strayId: z.uuid({ error: "Unknown payment" }) }),
      );
      const stray = await refundStrayPayment(db, paymentProvider(env, db), id, data.strayId, user.id);
      return { ok: true, msg: stray.status === "refunded" ? "Payment refunded" : "Refund asked; the provider will confirm it" };
    }
    if (intent === "settle-part") {
      ownerOnly(user);
      const { data } = await parseForm(
        args.request,
        heldPartInput.extend({ intent: z.literal("settle-part"), strayId: z.uuid({ error: "Unknown payment" }) }),
      );
      const { part, told } = await settleHeldPart(
        db,
        env,
        id,
        data.strayId,
        { outcome: data.outcome, method: data.method, note: data.note },
        user.id,
      );
      if (part.status === "kept") return { ok: true, msg: "Recorded as kept" };
      return { ok: true, msg: told ? "Recorded as given back; the customer has been told" : "Recorded as given back" };
    }
    if (intent === "customer-note") {
      const { data } = await parseForm(args.request, customerNoteInput.extend({ intent: z.literal("customer-note") }));
      const saved = await setCustomerNote(db, id, { note: data.note }, user.id);
      return { ok: true, msg: saved ? "Note saved" : "Note removed" };
    }
    if (intent === "delivery-day") {
      const { data } = await parseForm(args.request, deliveryDayInput.extend({ intent: z.literal("delivery-day") }));
      const { intent: _intent, ...day } = data;
      const moved = await moveDeliveryDay(db, id, day, user.id, env);
      const told = moved.told ? "; the customer has been told" : "";
      return { ok: true, msg: moved.date ? `Delivery day moved to ${moved.day}${told}` : `Delivery day cleared: no particular day${told}` };
    }
    if (intent === "refused") {
      const { data } = await parseForm(args.request, refusedInput.extend({ intent: z.literal("refused") }));
      const refused = await recordRefusedDelivery(db, id, data.note || undefined, user.id);
      return {
        ok: true,
        msg: refused.deliveryMethod === "pickup" ? notCollected.done : "Delivery marked refused; the items are back in stock",
      };
    }
    const { data } = await parseForm(args.request, statusChangeInput);
    const moved = await changePurchaseStatus(db, id, data, user.id, env);
    return { ok: true, msg: `Order marked ${pickupStep(moved, data.status)?.done ?? data.status}${emailed(moved.email)}` };
  });
}

// docs/product.md §9: dates in en-US long form, with the time, in Lagos
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "Africa/Lagos" });
/** What the owner writes with a step, mailed to the customer and shown on her order's progress. */
const noteLabel: Record<string, string> = {
  shipped: "Rider's name and phone, or tracking details",
  delivered: "Received by",
};
const actionLabel: Record<string, string> = {
  processing: "Mark as processing",
  shipped: "Mark as shipped",
  delivered: "Mark as delivered",
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-linen p-4 sm:p-5">
      <h2 className="mb-3 text-lg">{title}</h2>
      {children}
    </section>
  );
}

/**
 * A returning customer at a glance (by her number however typed), opening her orders in the list:
 * what she has paid and kept, after refunds (docs/product.md "Reports").
 */
function OtherOrders({ phone, others }: { phone: string; others: PurchaseDetail["otherPaidOrders"] }) {
  if (!others.count) return <span data-testid="other-orders">None paid yet</span>;
  return (
    <Link to={`/purchasetable?q=${encodeURIComponent(phone)}`} className="text-rose underline" data-testid="other-orders">
      {others.count} paid, {formatNairaAmount(others.total)}
      {others.refunded ? ` after ${formatNairaAmount(others.refunded)} refunded` : ""}
    </Link>
  );
}

/**
 * Her number as people read it and, when it is a Nigerian one, a chat with her about this order on
 * WhatsApp; a pick-up ready to collect has its message typed, with where and its code.
 */
function CustomerPhone({ p }: { p: Pick<PurchaseDetail, "id" | "fname" | "phone" | "status" | "address" | "collectionCode"> }) {
  const number = orderNumber(p.id);
  const text =
    p.status === "shipped" && p.collectionCode
      ? collectionCodeWords.chat(p.fname, number, p.address, p.collectionCode)
      : `Hello ${p.fname}, about your order #${number}: `;
  const chat = normalizeNigerianPhone(p.phone) ? chatWithShopperUrl(p.phone, text) : null;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-3">
      <span data-testid="customer-phone">{readablePhone(p.phone)}</span>
      {chat ? <WhatsAppChatLink href={chat} name={p.fname} testId="whatsapp-customer" /> : null}
    </span>
  );
}

function Row({ label, value, className = "" }: { label: string; value: React.ReactNode; className?: string }) {
  return (
    <div className={`flex justify-between gap-4 py-1 text-sm ${className}`}>
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-semibold">{value}</dd>
    </div>
  );
}

export default function ViewPurchase({ loaderData, actionData }: Route.ComponentProps) {
  const { purchase: p, money, desk, strays, customerNote: aboutHer, deliveryDay } = loaderData;
  const navigation = useNavigation();
  const mover = useFetcher<FormResult>();
  const busy = useBusy(mover);
  const next = nextStatusOf(p);
  // a pick-up's ready and collected steps have their own words, and no rider (docs/product.md "Pick-up")
  const collect = next ? pickupStep(p, next) : null;
  const stepNote = collect ? collect.note : next ? noteLabel[next] : undefined;
  useOnAnswer(mover.data, (answer) =>
    answer.ok ? toast.success(answer.msg!) : toast.error(answer.msg ?? "Something went wrong. Please try again."),
  );
  // a note typed for the next step stays when a plain post of it (no script yet) is refused
  const moved = useFetcherAnswer(mover, "status");
  const { text, ticked } = startingValues(moved, "status");
  // docs/product.md "Pick-up": collected at the counter against the code she shows
  const counter = next === "delivered" && p.deliveryMethod === "pickup" && !!p.collectionCode;

  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/viewpurchase")) return <PurchaseSkeleton />;
  return (
    <div className="grid max-w-5xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl sm:text-3xl">
          {`Order #${orderNumber(p.id)}`}
          {p.gift ? <GiftBadge /> : null}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link to={`/packingslip/${p.id}`} className="btn-outline min-h-10 py-2" data-testid="packing-slip-link">
            <Printer size={16} aria-hidden="true" /> Packing slip
          </Link>
          {p.gift ? (
            <Link to={`/giftreceipt/${p.id}`} className="btn-outline min-h-10 py-2">
              <Printer size={16} aria-hidden="true" /> Gift receipt
            </Link>
          ) : null}
          <Link to="/purchasetable" className="btn-outline min-h-10 py-2">
            <ArrowLeft size={16} aria-hidden="true" /> Back to Purchases
          </Link>
        </div>
      </div>

      {/* a button or form used before the page's script ran posts the page: its answer, here (with the script, a toast) */}
      {actionData?.msg ? <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.msg}</FormMessage> : null}
      {/* 'Order recorded.' greets the order once: a form posted from that address (no script) answers for itself */}
      <OrderDeskPanel p={p} {...desk} recorded={desk.recorded && !actionData} />

      <Section title="Order Status">
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={p.status} deliveryMethod={p.deliveryMethod} />
          <span className="text-sm text-muted">Placed {when(p.createdAt)}</span>
        </div>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          {next && next !== "cancelled" ? (
            <mover.Form method="post" className="flex flex-1 flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="status" />
              {counter ? (
                <CounterCheckFields errors={moved?.fields} code={text("code", "")} withoutCode={ticked("withoutCode", false)} />
              ) : null}
              {stepNote ? (
                <Field
                  key={next}
                  label={stepNote}
                  name="note"
                  maxLength={500}
                  defaultValue={text("note", "")}
                  error={moved?.fields?.note}
                  hint={
                    p.gift?.recipientEmail && next === "shipped"
                      ? "Sent to the customer and, unless a surprise, the recipient"
                      : "Sent to the customer"
                  }
                  className="min-w-56 flex-1"
                />
              ) : null}
              <button type="submit" name="status" value={next} className="btn-primary min-h-10 py-2" disabled={busy}>
                {collect?.action ?? actionLabel[next]}
              </button>
            </mover.Form>
          ) : null}
          {canMoveTo(p.status as PurchaseStatus, "cancelled") ? (
            <mover.Form
              method="post"
              onSubmit={(e) => {
                if (!window.confirm("Cancel this order? Its items go back into stock and the customer is told.")) e.preventDefault();
              }}
            >
              <button type="submit" name="status" value="cancelled" className="btn-outline min-h-10 py-2" disabled={busy}>
                Cancel order
              </button>
            </mover.Form>
          ) : null}
        </div>
        {p.events.length ? (
          <ol className="mt-4 border-l-2 border-line pl-4 text-sm">
            {p.events.map((e) => (
              <li key={e.id} className="mb-2">
                <span className={`font-semibold ${pickupStep(p, e.status) ? "" : "capitalize"}`}>
                  {pickupStep(p, e.status)?.label ?? e.status}
                </span>{" "}
                · {when(e.createdAt)}
                {e.actorName ? <span className="text-muted"> · by {e.actorName}</span> : null}
                {e.note ? <p className="text-muted">{e.note}</p> : null}
              </li>
            ))}
          </ol>
        ) : null}
      </Section>

      {p.gift ? <GiftPanel gift={p.gift} /> : null}
      {p.wishListOf ? (
        <p className="rounded-2xl border border-line bg-sage-soft px-4 py-3 text-sm" data-testid="wish-list-of">
          Bought from <strong>{p.wishListOf}</strong>'s wish list: it is marked bought there for her friends, never for her.
        </p>
      ) : null}
      {p.gift?.addressPrivate ? (
        <p className="rounded-2xl border border-line bg-sage-soft px-4 py-3 text-sm" data-testid="address-private">
          Sent to the address on the recipient's wish list: the buyer never sees it. Don't share it with her.
        </p>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Section title={p.gift ? "Buyer (the contact) and the gift's address" : "Customer Information"}>
          <dl>
            <Row label="Name" value={`${p.fname} ${p.lname}`.trim()} />
            <Row label="Email" value={<span className="break-all">{p.email}</span>} />
            <Row label="Phone" value={<CustomerPhone p={p} />} />
            <Row label="Her other orders" value={<OtherOrders phone={p.phone} others={p.otherPaidOrders} />} />
            {p.deliveryMethod === "pickup" ? (
              // docs/product.md "Pick-up": she collects it at the shop
              <Row
                label="Pick-up"
                value={
                  <span data-testid="admin-pickup">
                    Collects it at {p.address}
                    {p.collectionCode ? (
                      <span className="block" data-testid="admin-collection-code">
                        {collectionCodeWords.counter}
                      </span>
                    ) : null}
                    {p.collectRemindedAt ? (
                      <span className="block font-normal text-muted">{remindedWords(p.collectRemindedAt)}</span>
                    ) : null}
                    {loaderData.pickupMove ? <PickupPointMove choices={loaderData.pickupMove} /> : null}
                  </span>
                }
              />
            ) : (
              <>
                <Row label="LGA" value={p.lga ?? "—"} />
                <Row label="Address" value={p.address} />
              </>
            )}
            {p.deliveryDate ? (
              <Row
                label="Delivery date"
                value={
                  <Link
                    to={`/deliveries?date=${p.deliveryDate}`}
                    className="font-semibold text-rose underline"
                    data-testid="admin-delivery-date"
                  >
                    {deliveryWhen(p)}
                  </Link>
                }
              />
            ) : null}
            {p.note ? <Row label="Delivery instructions" value={<span className="whitespace-pre-line">{p.note}</span>} /> : null}
          </dl>
          {deliveryDay ? <DeliveryDayPanel choices={deliveryDay} method={p.deliveryMethod} /> : null}
          <CustomerNotePanel note={aboutHer} />
        </Section>
        <Section title="Payment Information">
          <PaymentPanel p={p} />
        </Section>
      </div>

      <Section title="Refunds">
        <div className="grid gap-4">
          {/* first: a payment to give back is what the owner must see before refunding the order itself */}
          <StrayPaymentsPanel payments={strays} />
          <RefundPanel money={money} deposit={p.paidAt ? 0 : p.deposit} cancelled={p.status === "cancelled"} />
        </div>
      </Section>

      <Section title="Order Items">
        <ul className="divide-y divide-line">
          {p.items.map((i) => (
            <li key={i.id} className="flex items-center gap-3 py-2">
              {i.imageUrl ? (
                <img src={i.imageUrl} alt="" width={48} height={48} className="h-12 w-12 rounded-lg object-cover" />
              ) : (
                <span className="h-12 w-12 rounded-lg bg-sand" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{i.title}</p>
                <p className="text-xs text-muted">
                  {[i.size, i.color].filter(Boolean).join(" · ")} {i.quantity} × {formatNairaAmount(unitPrice(i))}
                </p>
                {i.shipsFrom && notSentYet(p.status) ? (
                  <p className="text-xs font-semibold text-sage">{preorderWords(i.shipsFrom)}</p>
                ) : null}
              </div>
              <p className="font-semibold">{formatNairaAmount(i.totalPrice)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Order Summary">
        {/* the breakdown stored with the order at checkout (not the spec's invented 15%/85%) */}
        <dl className="max-w-sm">
          <Row label="Subtotal" value={formatNairaAmount(p.subtotal)} />
          {/* the subtotal is already at sale prices: what the sale saved is information, not taken off again */}
          {p.discount > 0 ? <Row label="Sale savings" value={formatNairaAmount(p.discount)} /> : null}
          {p.discountCode ? (
            <Row
              label={`Code ${p.discountCode}${p.codeOn === "delivery" ? " (free delivery)" : ""}`}
              value={p.codeOn === "delivery" ? `saved ${formatNairaAmount(p.codeDiscount)}` : `−${formatNairaAmount(p.codeDiscount)}`}
            />
          ) : null}
          <Row label="VAT" value={formatNairaAmount(p.vat)} />
          <Row label={deliveryRowLabel(p.deliveryMethod)} value={formatNairaAmount(p.deliveryCharge)} />
          {p.deliverySlotFee ? <Row label={dateFeeLabel} value={formatNairaAmount(p.deliverySlotFee)} /> : null}
          <Row label="Total" value={formatNairaAmount(p.totalAmount)} className="mt-1 border-t border-line pt-2 text-base" />
        </dl>
      </Section>
    </div>
  );
}
