import { Minus, Plus, Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { ChipChoices } from "../../components/admin/chip-choices";
import { PageHeader } from "../../components/admin/table-parts";
import { Field, FormMessage } from "../../components/forms/fields";
import { formatNairaAmount } from "../../../lib/money";
import { formatNigerianPhone } from "../../../lib/phone";
import { manualSources, sourceLabels } from "../../../modules/orders/manual-order-schemas";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { adminAction } from "./admin-action.server";
import { newOrderAction, newOrderPage } from "./neworder.server";
import { useDeskAnswers } from "../../components/admin/order-desk-answers";
import type { DeskAnswer } from "../../components/admin/order-desk-state";
import { DeskDeliveryDate, DeskSection as Section, DeskSummary as Summary, SettleSection } from "../../components/admin/order-desk-parts";
import { GiftOptions } from "../../components/checkout/gift-options";
import { SentBefore } from "../../components/checkout/sent-before";
import { agreedPriceField } from "../../../modules/pricing/agreed-price";
import type { CartItemView } from "../../../modules/cart/types";
import type { Route } from "./+types/neworder";

export const meta = () => [{ title: "New order | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return newOrderPage(context.get(appContext).db, new URL(request.url).searchParams.get("lookup"));
}

export const action = (args: Route.ActionArgs) => adminAction(args, (services) => newOrderAction(services, args.request));

// the screen's own state comes back from the server with each answer: no reload of the page's data;
// 'New order' in the sidebar, on this screen already, opens a new one (the loader runs again)
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod ? false : defaultShouldRevalidate;

/**
 * docs/product.md "Manual orders": a sale made in an Instagram or WhatsApp chat, at a walk-in or an
 * event, recorded on a phone. One form, top to bottom: the customer (found by phone or email), the
 * products, delivery, where the sale was made, then how it is settled. Every button posts the form
 * with its intent and the server answers the screen priced by the checkout's own pricing. The form
 * is drawn once, from the state it opened with; each answer fills in what the server changed
 * (useDeskAnswers), the rest of the screen (lines, total, messages) is drawn from the answer.
 */
export default function NewOrderScreen(props: Route.ComponentProps) {
  // a new opening of the screen is a new form: nothing typed into the last one stays
  return <NewOrder key={props.loaderData.answer.rev} {...props} />;
}

function NewOrder({ loaderData, actionData }: Route.ComponentProps) {
  // a form the server could not read at all answers only {msg} (formAction): the screen as loaded, with the message
  const answer: DeskAnswer =
    actionData && "state" in actionData
      ? (actionData as DeskAnswer)
      : { ...loaderData.answer, msg: (actionData as { msg?: string } | undefined)?.msg };
  const { quote } = answer;
  const [opened] = useState(answer.state);
  const errors = answer.fields ?? {};
  const { formProps, send, busy } = useDeskAnswers(answer);
  const total = quote?.summary.deliveryCharge !== null && quote ? quote.summary.total : null;
  // a choice that changes the price asks the server again (without the script, 'Update total' does)
  const reprice = () => send("refresh");

  return (
    <div className="max-w-5xl">
      <PageHeader title="New order" />
      <p className="-mt-2 mb-4 text-sm text-muted">A sale from a chat, a walk-in or an event: priced, held and paid like a web order.</p>
      <FormMessage tone="error">{answer.msg}</FormMessage>
      <Form {...formProps} method="post" className="mt-3 grid gap-4 lg:grid-cols-[1fr_20rem]" data-testid="new-order">
        <input type="hidden" name="attempt" value={answer.state.attempt} />
        <input type="hidden" name="found" value={answer.state.found} />
        <input type="hidden" name="customerId" value={answer.state.customerId} />
        <div className="grid min-w-0 gap-4">
          <Section title="Customer">
            <div className="flex items-end gap-2">
              <Field
                label="Find by phone or email"
                name="lookup"
                defaultValue={opened.lookup}
                inputMode="email"
                autoComplete="off"
                className="min-w-0 flex-1"
              />
              <button type="submit" name="intent" value="find" className="btn-outline min-h-11 shrink-0 px-4">
                Find
              </button>
            </div>
            {answer.customers ? (
              answer.customers.length === 0 ? (
                <p className="text-sm text-muted" data-testid="new-customer">
                  New customer: nobody with that phone or email yet.
                </p>
              ) : (
                <ul className="grid gap-2" aria-label="Customers found">
                  {answer.customers.map((c, i) => (
                    <li key={`${c.userId ?? c.email}-${i}`}>
                      <button
                        type="submit"
                        name="intent"
                        value={`pick:${i}`}
                        className={`w-full rounded-xl border p-3 text-left text-sm ${answer.state.name === c.name && answer.state.phone === c.phone ? "border-sage bg-sage-soft" : "border-line bg-linen"}`}
                      >
                        <span className="font-semibold">{c.name}</span> · {c.phone ? formatNigerianPhone(c.phone) : "no phone"}
                        <span className="block text-muted">
                          {c.userId ? "Account" : "Earlier orders"} · {c.orders} {c.orders === 1 ? "order" : "orders"}
                          {c.lga ? ` · ${c.lga}` : ""}
                        </span>
                        {c.note ? (
                          <span className="mt-1 block whitespace-pre-line" data-testid="found-customer-note">
                            {c.note}
                          </span>
                        ) : null}
                      </button>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
            <SentBefore
              label="Her gifts went to"
              recipients={answer.recipients}
              chosen={answer.state.isGift ? (answer.recipients.find((r) => r.phone === answer.state.recipientPhone)?.id ?? null) : null}
              hint="Tap one to send a gift there again: her name, number and address are filled in below."
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Name" name="name" defaultValue={opened.name} autoComplete="off" maxLength={120} error={errors.name} />
              <Field label="Phone" name="phone" type="tel" inputMode="tel" defaultValue={opened.phone} error={errors.phone} />
              <Field
                label="Email (optional)"
                name="email"
                type="email"
                defaultValue={opened.email}
                error={errors.email}
                hint="For her receipt and payment link"
              />
              <Field label="Street (optional)" name="street" defaultValue={opened.street} maxLength={200} error={errors.street} />
              <Field label="City (optional)" name="city" defaultValue={opened.city} maxLength={100} error={errors.city} />
            </div>
          </Section>

          <GiftOptions
            byShop
            errors={errors}
            values={opened}
            intro="She is buying for someone else: it goes to the recipient; the customer above pays and is kept posted."
            addressNote={
              <>
                The delivery area, street and city are the <strong>recipient's</strong>: delivery is priced for her area. The name, phone
                and email above stay the customer's.
              </>
            }
          />

          <Section title="Products">
            <div className="flex items-end gap-2">
              <Field label="Search products" name="q" type="search" defaultValue={opened.q} className="min-w-0 flex-1" />
              <button type="submit" name="intent" value="search" className="btn-outline min-h-11 shrink-0 px-4" aria-label="Find products">
                <Search size={18} aria-hidden="true" />
              </button>
            </div>
            {answer.results ? (
              answer.results.length ? (
                <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Products found">
                  {answer.results.map((p) => (
                    <li key={p.id} className="flex items-center gap-2 p-2">
                      <span className="min-w-0 flex-1 text-sm">
                        <span className="block font-semibold">{p.title}</span>
                        <span className="text-muted">
                          {formatNairaAmount(p.discount > 0 ? p.discount : p.price)}
                          {p.stock !== null ? ` · ${p.stock} left` : ""}
                        </span>
                      </span>
                      <button
                        type="submit"
                        name="intent"
                        value={`add:${p.id}`}
                        className="btn-primary min-h-10 px-4 py-1.5"
                        disabled={p.stock === 0}
                        aria-label={`Add ${p.title}`}
                      >
                        {p.stock === 0 ? "Sold out" : "Add"}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">No product matches.</p>
              )
            ) : null}
            {quote?.cartItems.length ? (
              <ul className="grid gap-2" aria-label="In this order" data-testid="order-lines">
                {quote.cartItems.map((i) => (
                  <li key={i.productId} className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-cream p-2">
                    <span className="min-w-0 basis-full text-sm font-semibold sm:flex-1 sm:basis-auto">{i.title}</span>
                    <button
                      type="submit"
                      name="intent"
                      value={`less:${i.productId}`}
                      className="h-10 w-10 rounded-full border border-line"
                      aria-label={`One less ${i.title}`}
                    >
                      <Minus size={16} className="mx-auto" aria-hidden="true" />
                    </button>
                    <label className="sr-only" htmlFor={`qty-${i.productId}`}>
                      Quantity of {i.title}
                    </label>
                    <input
                      id={`qty-${i.productId}`}
                      name={`qty.${i.productId}`}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      defaultValue={i.quantity}
                      className="input min-h-10 w-16 px-2 py-1 text-center"
                    />
                    <button
                      type="submit"
                      name="intent"
                      value={`more:${i.productId}`}
                      className="h-10 w-10 rounded-full border border-line"
                      aria-label={`One more ${i.title}`}
                    >
                      <Plus size={16} className="mx-auto" aria-hidden="true" />
                    </button>
                    <span className="ml-auto text-right text-sm font-semibold">{formatNairaAmount(i.totalPrice)}</span>
                    <button
                      type="submit"
                      name="intent"
                      value={`remove:${i.productId}`}
                      className="h-10 w-10 rounded-full text-rose"
                      aria-label={`Remove ${i.title}`}
                    >
                      <Trash2 size={16} className="mx-auto" aria-hidden="true" />
                    </button>
                    <AgreedPrice
                      item={i}
                      typed={answer.state.lines.find((l) => l.productId === i.productId)?.priceEach ?? ""}
                      error={errors[agreedPriceField(i.productId)]}
                      onDone={reprice}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">{errors.lines ?? "Search and add what she is buying."}</p>
            )}
          </Section>

          <Section title="Delivery">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Delivery area" name="lga" error={errors.lga}>
                {(control) => (
                  <select {...control} defaultValue={opened.lga} onChange={reprice}>
                    <option value="">Choose the area</option>
                    {loaderData.areas.map((a) => (
                      <option key={a} value={a}>
                        {a}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Speed" name="deliveryMethod" error={errors.deliveryMethod}>
                {(control) => (
                  <select {...control} defaultValue={opened.deliveryMethod} onChange={reprice}>
                    <option value="standard">Standard</option>
                    <option value="express">Express</option>
                    {loaderData.pickup.length ? <option value="pickup">Pick-up at the shop</option> : null}
                  </select>
                )}
              </Field>
              {loaderData.pickup.length > 1 ? (
                // two points across town (docs/product.md "Pick-up"): which one, never guessed
                <Field label="Pick-up point (for a pick-up)" name="pickupPoint" error={errors.pickupPoint}>
                  {(control) => (
                    <select {...control} defaultValue={opened.pickupPoint}>
                      <option value="">Choose the point</option>
                      {loaderData.pickup.map((p) => (
                        <option key={p.number} value={p.number}>
                          {p.address}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ) : null}
              <Field
                label="Delivery fee (₦, optional)"
                name="deliveryFee"
                type="number"
                inputMode="decimal"
                step="0.01"
                min={0}
                defaultValue={opened.deliveryFee}
                error={errors.deliveryFee}
                hint={
                  loaderData.pickup.length ? "Blank: the area's fee. A pick-up costs nothing." : "Blank: the area's fee. 0 for a pick-up."
                }
              />
              <Field
                label="Discount code (optional)"
                name="code"
                defaultValue={opened.code}
                error={errors.code}
                autoCapitalize="characters"
              />
              <Field
                label="Note for the rider (optional)"
                name="note"
                defaultValue={opened.note}
                maxLength={500}
                className="sm:col-span-2"
              />
            </div>
            {/* another area's dates start from the date the answer kept (none, when the area took none) */}
            <DeskDeliveryDate key={answer.delivery?.picker?.lga} answer={answer} errors={errors} onPick={reprice} />
          </Section>

          <Section title="Where the sale was made">
            <ChipChoices
              legend="Source"
              name="source"
              options={manualSources}
              labels={sourceLabels}
              value={opened.source}
              error={errors.source}
            />
          </Section>
        </div>

        <div className="grid content-start gap-4 lg:sticky lg:top-4">
          <Section title="Total">
            <Summary quote={quote} />
            <button type="submit" name="intent" value="refresh" className="btn-outline mt-2 min-h-10 w-full py-2">
              Update total
            </button>
          </Section>
          <SettleSection state={opened} errors={errors} total={total} busy={busy} payLinkHours={loaderData.payLinkHours} />
        </div>
      </Form>
    </div>
  );
}

/**
 * A line's price each when she agreed another in the chat ("last price?"): blank keeps the listed
 * price; the total follows once she leaves the box (docs/product.md "Manual orders").
 */
function AgreedPrice({ item, typed, error, onDone }: { item: CartItemView; typed: string; error?: string; onDone: () => void }) {
  const id = `price-${item.productId}`;
  return (
    <div className="flex basis-full flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted">
        Price each agreed (₦, listed {formatNairaAmount(item.listed ?? item.price)})
      </label>
      <input
        id={id}
        name={agreedPriceField(item.productId)}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        placeholder="Listed"
        defaultValue={typed}
        onBlur={(e) => e.currentTarget.value !== e.currentTarget.defaultValue && onDone()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="input min-h-10 w-28 px-2 py-1"
      />
      {error ? (
        <span id={`${id}-error`} className="basis-full text-rose">
          {error}
        </span>
      ) : null}
    </div>
  );
}
