import { ArrowLeft, Lock } from "lucide-react";
import { useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { CheckoutLines } from "../../components/checkout/checkout-lines";
import { DeliveryChoices, PaymentChoices } from "../../components/checkout/checkout-choices";
import { GiftOptions } from "../../components/checkout/gift-options";
import { SentBefore } from "../../components/checkout/sent-before";
import { WishListOffer } from "../../components/checkout/wish-list-offer";
import { DeliveryDatePicker } from "../../components/checkout/delivery-date-picker";
import { PreorderNote } from "../../components/preorder-note";
import { usePaystackPopup } from "../../components/checkout/use-paystack-popup";
import { DeliveryAreaSelect } from "../../components/cart/delivery-area-select";
import { DiscountCodeForm } from "../../components/cart/discount-code-form";
import { OrderSummary } from "../../components/cart/order-summary";
import { Field, FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { rememberDeliveryArea } from "../../lib/delivery-area";
import { useZodForm } from "../../lib/forms";
import { formatNairaAmount } from "../../../lib/money";
import type { CheckoutPaymentMethod } from "../../../modules/orders/schemas";
import type { DeliveryMethod } from "../../../modules/delivery/types";
import { choicesForGift } from "../../../modules/orders/payment-choices";
import { pickupPlaces } from "../../../modules/settings/pickup-points";
import { checkoutPageData, submitCheckout, type CheckoutAnswer } from "./checkout-page.server";
import type { Route } from "./+types/checkout";

// the page's script does not wait for zod: the form's schema is fetched once the page runs
const checkoutSchema = () => import("../../../modules/orders/schemas").then((m) => m.checkoutForm);

export function meta() {
  return [{ title: "Checkout | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

export const loader = ({ context, request }: Route.LoaderArgs) => checkoutPageData(context.get(appContext), request);
export const action = ({ context, request }: Route.ActionArgs) => submitCheckout(context.get(appContext), request);

const notices: Record<string, string> = {
  cancelled: "Payment cancelled. Your cart is still here: you can try again when you are ready.",
  failed: "The payment did not go through and no money was taken. Your cart is still here: please try again.",
};

const payLabel = (method: CheckoutPaymentMethod, total: string | null, pickup: boolean) =>
  ({
    online: total ? `Pay ${total}` : "Pay",
    transfer: "Place order, pay by transfer",
    pod: pickup ? "Place order, pay when you collect" : "Place order, pay on delivery",
    pay_link: "Place order, get a payment link",
  })[method];

/**
 * docs/product.md "Guest checkout": one screen, the delivery area first (so delivery and the
 * total show before anything is typed), then who and where, how fast, and how she pays. A guest
 * types six fields; a signed-in shopper finds hers filled in.
 */
export default function CheckoutPage(props: Route.ComponentProps) {
  // a recipient chosen from "Sent before" starts the form again with her details (docs/product.md "Gift orders")
  return <CheckoutForm key={props.loaderData.to ?? "checkout"} {...props} />;
}

function CheckoutForm({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const page = loaderData;
  const { items, summary } = page;
  const { signedIn, areas, defaults, attempt, transfer, listOffer } = loaderData;
  // "Send it to her" (docs/product.md "Wish lists"): the gift goes to the address on her list, which this page never holds
  const toList = loaderData.to === "list";
  const [lga, setLga] = useState(defaults.lga);
  const [method, setMethod] = useState<DeliveryMethod>(loaderData.method);
  const [slot, setSlot] = useState({ date: loaderData.delivery.date ?? "", window: loaderData.delivery.window ?? "" });
  const [payment, setPayment] = useState<CheckoutPaymentMethod>(loaderData.posted?.paymentMethod ?? "online");
  // 'This is a gift': the area and the address are the recipient's (docs/product.md "Gift orders")
  const [gift, setGift] = useState(defaults.gift.isGift === "on");
  const answer = actionData as CheckoutAnswer | undefined;
  const { errors, onSubmit, msg } = useZodForm(checkoutSchema, answer);
  const [popupError, setPopupError] = useState<string | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const empty = items.length === 0;
  const priced = summary.deliveryCharge !== null;
  const total = priced ? formatNairaAmount(summary.total) : null;
  // a gift is paid by the buyer: pay on delivery would ask the recipient (docs/product.md "Gift orders")
  const choices = gift ? choicesForGift(page.choices) : page.choices;
  const chosen = choices.find((c) => c.method === payment && !c.unavailable) ? payment : "online";
  // collected at the shop (docs/product.md "Pick-up"): no area, no street, no date; never a gift's
  const pickup = method === "pickup";
  const pickupOffer = gift ? [] : loaderData.pickups;
  // which pick-up point: the only one, or the one she chose (with two, she chooses)
  const [point, setPoint] = useState<number | null>(loaderData.pickupPoint);
  const pickupAt = loaderData.pickups.length === 1 ? loaderData.pickups[0] : loaderData.pickups.find((p) => p.number === point);

  // what the page's address says she chose: two choices taken up in the same moment, when the
  // script takes over from a page she picked on before it ran, each build on the other's
  const asked = useRef({ lga, method, slot, gift, to: loaderData.to });
  function reprice(next: { lga?: string; method?: DeliveryMethod; slot?: { date: string; window: string }; gift?: boolean }) {
    const area = next.lga ?? asked.current.lga;
    // another area has other dates: its choice starts again
    const dates = next.lga !== undefined ? { date: "", window: "" } : (next.slot ?? asked.current.slot);
    const speed = next.method ?? asked.current.method;
    const forGift = next.gift ?? asked.current.gift;
    // the recipient chosen from "Sent before" stays chosen while the gift does
    const to = forGift ? asked.current.to : null;
    asked.current = { lga: area, method: speed, slot: dates, gift: forGift, to };
    // with no area there is nothing to price, unless the gift switch has just taken hers away or the way she gets it changed
    if (!area && next.gift === undefined && next.method === undefined) return;
    const query = new URLSearchParams({ method: speed });
    if (area) query.set("lga", area);
    if (forGift) query.set("gift", "1");
    if (to) query.set("to", to);
    if (dates.date) query.set("date", dates.date);
    if (dates.date && dates.window) query.set("window", dates.window);
    // the page's own address carries the choice: its loader prices it, and any later revalidation keeps it
    void navigate(`/checkout?${query}`, {
      replace: true,
      preventScrollReset: true,
    });
  }

  // her own area, kept while the gift's is chosen: it prices no gift, and comes back when the switch goes off
  const ownArea = useRef(lga);
  function switchGift(on: boolean) {
    if (on) ownArea.current = asked.current.lga;
    const area = on ? "" : ownArea.current;
    setGift(on);
    setLga(area);
    setSlot({ date: "", window: "" });
    // (the switch is not drawn while a pick-up is chosen: a gift is always delivered)
    reprice({ lga: area, gift: on });
  }

  usePaystackPopup(answer?.popup, setPopupError);

  return (
    <main id="main" className="container-page max-w-5xl py-6 sm:py-8">
      <Link to="/cart" className="btn-outline !min-h-10 !px-4 !py-1.5 text-sm">
        <ArrowLeft size={16} aria-hidden="true" /> Back
      </Link>
      <h1 className="mt-4 text-3xl">Checkout</h1>
      {signedIn ? null : (
        <p className="mt-1 text-sm text-muted" data-testid="guest-note">
          No account needed.{" "}
          <Link to="/login?redirectTo=%2Fcheckout" className="font-semibold text-rose underline">
            Log in
          </Link>{" "}
          or{" "}
          <Link to="/register?redirectTo=%2Fcheckout" className="font-semibold text-rose underline">
            sign up
          </Link>{" "}
          to use your saved details.
        </p>
      )}
      <div className="mt-4 space-y-2" data-testid="checkout-error">
        <FormMessage tone="error">{msg ?? popupError ?? (loaderData.notice ? notices[loaderData.notice] : null)}</FormMessage>
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <Form id="checkout-form" method="post" noValidate onSubmit={onSubmit} className="space-y-5">
          <input type="hidden" name="attempt" value={attempt} />
          <section aria-labelledby="area-title" className="rounded-2xl border border-line bg-linen p-4 sm:p-5">
            <h2 id="area-title" className="sr-only">
              Delivery area
            </h2>
            {pickup ? (
              <p className="font-semibold" data-testid="pickup-summary">
                {pickupAt ? `You collect your order at ${pickupAt.address}` : "You collect your order at the point you choose below"}
              </p>
            ) : toList && listOffer ? (
              <p className="font-semibold" data-testid="list-area">
                Delivery to {listOffer.firstName} in {lga}
              </p>
            ) : (
              <DeliveryAreaSelect
                id="checkout-lga"
                label={gift ? "Recipient's delivery area" : "Where should we deliver?"}
                areas={areas}
                value={lga}
                error={errors.lga}
                onChange={(value) => {
                  // the recipient's area is not hers: the cart keeps her own
                  if (!gift) rememberDeliveryArea(value);
                  setLga(value);
                  setSlot({ date: "", window: "" });
                  reprice({ lga: value });
                }}
              />
            )}
            <p className="mt-2 text-sm" aria-live="polite" data-testid="checkout-total-line">
              {priced ? (
                <>
                  {pickup ? "Pick-up free" : `Delivery ${formatNairaAmount(summary.deliveryCharge ?? 0)}`} · <strong>Total {total}</strong>{" "}
                  <span className="text-muted">(VAT included)</span>
                </>
              ) : (
                <span className="text-muted">Choose your area to see the delivery charge and your total.</span>
              )}
            </p>
            {pickupOffer.length && !pickup ? (
              <p className="mt-1 text-sm text-muted" data-testid="pickup-hint">
                Or collect it free at {pickupPlaces(pickupOffer)}: choose Pick-up below.
              </p>
            ) : null}
            {/* without the page's script the server prices her choice (with it, the page does, and before it runs the
                choice waits for it): only a browser that runs no script draws this, so nothing moves when the script starts */}
            <noscript>
              <button type="submit" name="intent" value="price" className="btn-outline mt-3 !min-h-10 !px-4 !py-1.5 text-sm">
                Update delivery and total
              </button>
            </noscript>
          </section>

          {listOffer ? (
            <WishListOffer
              offer={listOffer}
              sending={
                listOffer.sendsToList && !pickup
                  ? {
                      chosen: toList,
                      sendHref: `/checkout?${new URLSearchParams({ gift: "1", to: "list", method })}`,
                      typeHref: `/checkout?${new URLSearchParams({ gift: "1", method })}`,
                    }
                  : null
              }
            />
          ) : null}

          {pickup ? null : (
            <GiftOptions
              errors={errors}
              onChange={switchGift}
              values={defaults.gift}
              recipientChosen={
                toList && listOffer ? (
                  <p className="rounded-xl bg-blush px-3 py-2 text-sm sm:col-span-2" data-testid="gift-to-list">
                    For <strong>{listOffer.firstName}</strong>, at the address on her wish list.
                  </p>
                ) : null
              }
              before={
                toList ? null : (
                  <SentBefore
                    recipients={loaderData.recipients}
                    chosen={loaderData.to}
                    hint="Choose one to fill in her name, number and address below."
                    hrefOf={(to) => `/checkout?${new URLSearchParams({ gift: "1", to, method })}`}
                  />
                )
              }
            />
          )}

          <section aria-labelledby="details-title" className="rounded-2xl border border-line bg-linen p-4 sm:p-5">
            <h2 id="details-title" className="text-lg font-bold">
              {gift && !toList ? "Your details, and where the gift goes" : "Your details"}
            </h2>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              {signedIn ? (
                <p className="text-sm text-muted sm:col-span-2" data-testid="ordering-as">
                  Ordering as <strong className="text-ink">{defaults.name}</strong> ({defaults.email})
                </p>
              ) : (
                <>
                  <Field
                    label="Full name"
                    name="name"
                    autoComplete="name"
                    required
                    maxLength={120}
                    defaultValue={defaults.name}
                    error={errors.name}
                  />
                  <Field
                    label="Email"
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    defaultValue={defaults.email}
                    error={errors.email}
                    hint="For your receipt"
                  />
                </>
              )}
              <Field
                label={gift ? "Your phone" : "Phone"}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                defaultValue={defaults.phone}
                error={errors.phone}
                hint={gift ? "Your own number: we keep you posted about the gift" : "We call or WhatsApp this number about delivery"}
              />
              {/* a gift goes to her address: her saved one is not offered (the key starts the fields anew);
                  a gift's own address comes back when she returns from paying it */}
              {pickup || toList ? null : (
                <>
                  <Field
                    key={gift ? "gift-street" : "street"}
                    label={gift ? "Recipient's street address" : "Street address"}
                    name="street"
                    autoComplete={gift ? "off" : "street-address"}
                    required
                    maxLength={200}
                    defaultValue={gift === !!defaults.gift.isGift ? defaults.street : ""}
                    error={errors.street}
                    className="sm:col-span-2"
                  />
                  <Field
                    key={gift ? "gift-city" : "city"}
                    label={gift ? "Recipient's city or town" : "City or town"}
                    name="city"
                    autoComplete={gift ? "off" : "address-level2"}
                    required
                    maxLength={100}
                    defaultValue={gift === !!defaults.gift.isGift ? defaults.city : ""}
                    error={errors.city}
                  />
                </>
              )}
            </div>
          </section>

          <DeliveryChoices
            method={method}
            prices={summary.deliveryOptions}
            pickup={pickupOffer}
            point={point}
            pointError={errors.pickupPoint}
            onPoint={setPoint}
            onChange={(value) => {
              setMethod(value);
              reprice({ method: value });
            }}
          />
          <DeliveryDatePicker
            delivery={loaderData.delivery}
            method={method}
            value={slot}
            errors={errors}
            standardSaves={loaderData.standardSaves}
            onChooseStandard={() => {
              setMethod("standard");
              reprice({ method: "standard" });
            }}
            onChange={(change) => {
              const next = { ...asked.current.slot, ...change };
              setSlot(next);
              reprice({ slot: next });
            }}
          />
          <PaymentChoices choices={choices} chosen={chosen} onChange={setPayment} error={errors.paymentMethod} transfer={transfer} />

          <div className="space-y-3">
            <details className="rounded-2xl border border-line bg-linen p-4" open={!!errors.note || !!defaults.note}>
              <summary className="cursor-pointer font-semibold">{pickup ? "Add a note for the shop" : "Add delivery instructions"}</summary>
              <label htmlFor="checkout-note" className="label mt-3">
                {pickup ? "Note for the shop" : "Instructions for the rider"}
              </label>
              <textarea
                id="checkout-note"
                name="note"
                rows={3}
                maxLength={500}
                className="input"
                placeholder={pickup ? "Who collects it, and when you plan to come" : "Landmark, gate code, best time to call"}
                defaultValue={defaults.note}
                aria-invalid={errors.note ? true : undefined}
              />
            </details>
            {loaderData.whatsappUpdates ? (
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name="whatsappOptIn"
                  defaultChecked={loaderData.posted?.whatsappOptIn}
                  className="mt-0.5 h-5 w-5 accent-rose"
                />
                <span>
                  <strong>Send my order updates on WhatsApp</strong> to the phone above. Reply STOP there at any time.
                </span>
              </label>
            ) : null}
            {signedIn ? null : (
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name="saveDetails"
                  defaultChecked={loaderData.posted?.saveDetails}
                  className="mt-0.5 h-5 w-5 accent-rose"
                />
                <span>
                  <strong>Save my details</strong> for next time: we email you a link to set a password once you have paid.
                </span>
              </label>
            )}
          </div>
        </Form>

        {/* beside the form: the code posts to the cart's action (it is the visit's), the Pay button submits the form */}
        <aside aria-labelledby="checkout-summary" className="h-fit rounded-2xl border border-line bg-linen p-4 sm:p-5 lg:sticky lg:top-4">
          <h2 id="checkout-summary" className="text-xl">
            Order summary
          </h2>
          {empty ? (
            <p className="mt-3 text-sm text-muted">
              Your cart is empty.{" "}
              <Link to="/products" className="font-semibold text-rose underline">
                Browse the shop
              </Link>
            </p>
          ) : (
            <div className="mt-2 space-y-2">
              <CheckoutLines items={items} />
              <PreorderNote items={items} />
            </div>
          )}
          <div className="mt-3">
            <DiscountCodeForm code={page.code ? (summary.code?.code ?? page.code) : null} action="/cart" />
          </div>
          <div className="mt-3">
            <OrderSummary summary={summary} />
          </div>
          <button
            type="submit"
            form="checkout-form"
            className="btn-primary mt-5 w-full"
            disabled={busy || empty}
            aria-busy={busy}
            data-testid="pay-button"
          >
            <Lock size={16} aria-hidden="true" /> {busy ? "Processing..." : payLabel(chosen, total, pickup)}
          </button>
          <p className="mt-3 text-xs text-muted">Prices in naira. We never see your card: online payments go through Paystack.</p>
        </aside>
      </div>
    </main>
  );
}
