import { CheckCircle2, HeartHandshake, Lock } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { CheckoutLines } from "../../components/checkout/checkout-lines";
import { Field, FormMessage } from "../../components/forms/fields";
import { RouteError } from "../../components/route-error";
import { appContext, type AppServices } from "../../context";
import { formAction, redrawnFormAction } from "../../lib/form-action.server";
import { readSearchParams } from "../../lib/search-params.server";
import { formatNairaAmount } from "../../../lib/money";
import { chipInInput } from "../../../modules/orders/chip-in-schemas";
import { completionOf, payLinkOrder, startChipIn, startLinkPayment } from "../../../modules/orders/pay-link.server";
import { payLinkPath } from "../../../modules/orders/order-links.server";
import { paymentReference } from "../../../modules/payments/schemas";
import type { Route } from "./+types/pay-link";

export function meta() {
  return [{ title: "Pay for an order | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

const linkQuery = z.object({
  e: z.coerce.number().int().optional(),
  t: z.string().trim().max(100).optional(),
  reference: paymentReference.optional(),
});

/** The order behind a shared pay link, if the link is ours and still works (docs/product.md "Ask someone to pay"). */
async function linkedOrder(services: AppServices, request: Request, id: string | undefined) {
  const q = readSearchParams(request, linkQuery, ["e", "t", "reference"]);
  const found = await payLinkOrder(services.db, services.env, id ?? "", q.e ?? 0, q.t ?? "");
  if (found.state === "invalid") throw data({ msg: "This payment link is not valid. Please ask for a new one." }, { status: 404 });
  return { ...found, query: q };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const found = await linkedOrder(services, request, params.id);
  // back from the payment page: ask the provider once, complete the same order once
  const outcome =
    found.query.reference && found.order ? await completionOf(services.db, services.env, found.order.id, found.query.reference) : null;
  const order = outcome?.order ?? found.order!;
  return {
    state: order.paid
      ? ("paid" as const)
      : found.state === "expired" || order.status !== "pending"
        ? ("closed" as const)
        : ("open" as const),
    notice:
      outcome?.paymentStatus === "abandoned" || outcome?.paymentStatus === "failed"
        ? "The payment did not go through. You can try again."
        : null,
    // back from chipping in (docs/product.md "Chipping in"): her part is in
    thanks:
      outcome?.chippedIn && !order.paid
        ? `Thank you${outcome.chippedIn.name ? `, ${outcome.chippedIn.name}` : ""}! Your ${formatNairaAmount(outcome.chippedIn.amount)} is in. ${formatNairaAmount(order.leftToPay)} is left to pay.`
        : null,
    order,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const services = context.get(appContext);
  const { db, env } = services;
  const found = await linkedOrder(services, request, params.id);
  const open = found.state === "valid" && found.order && found.order.status === "pending" && !found.order.paid;
  const back = (reference: string) => `${payLinkPath(env, found.row!.id, new Date(found.query.e! * 1000))}&reference=${reference}`;
  // part of what is left, with the payer's name (docs/product.md "Chipping in"); refused, the form keeps what she typed
  if ((await request.clone().formData()).get("intent") === "chip_in")
    return redrawnFormAction(request, chipInInput, async (fields) => {
      if (!open) throw redirect(request.url);
      throw redirect((await startChipIn(db, env, found.row!, fields(), back)).authorizationUrl);
    });
  return formAction(async () => {
    if (!open) throw redirect(request.url);
    throw redirect((await startLinkPayment(db, env, found.row!, back)).authorizationUrl);
  });
}

export default function PayLink({ loaderData, actionData }: Route.ComponentProps) {
  const { state, order, notice, thanks } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData && "fields" in actionData ? (actionData.fields ?? {}) : {};
  const typed = actionData && "typed" in actionData ? actionData.typed : undefined;
  return (
    <main id="main" className="container-page max-w-lg py-10">
      <h1 className="text-3xl">{state === "paid" ? "Paid, thank you!" : `Pay for ${order.firstName}'s order`}</h1>
      <p className="mt-1 text-sm text-muted">Order #{order.number} at Alafia Self-Care</p>
      <div className="mt-4 space-y-2">
        <FormMessage tone="error">{actionData?.msg ?? notice}</FormMessage>
        <FormMessage tone="success">{thanks}</FormMessage>
      </div>
      <section className="mt-6 rounded-2xl border border-line bg-linen p-5" aria-label="What is being bought">
        <CheckoutLines items={order.items} />
        <p className="mt-3 flex justify-between border-t border-line pt-3 text-lg font-bold">
          <span>Total</span>
          <span data-testid="pay-link-total">{formatNairaAmount(order.total)}</span>
        </p>
        <p className="mt-1 text-xs text-muted">VAT and delivery included.</p>
        {order.deposit > 0 && state !== "paid" ? (
          <p className="mt-2 flex justify-between text-sm" data-testid="pay-link-left">
            <span>Paid already {formatNairaAmount(order.deposit)}, left to pay</span>
            <span className="font-bold">{formatNairaAmount(order.leftToPay)}</span>
          </p>
        ) : null}
        {order.chipIns.length ? (
          <div className="mt-3 border-t border-line pt-3 text-sm" data-testid="pay-link-chip-ins">
            <p className="font-semibold">Chipped in so far</p>
            <ul className="mt-1 space-y-1">
              {order.chipIns.map((c, i) => (
                <li key={i} className="flex justify-between">
                  <span>{c.name ?? "Someone"}</span>
                  <span>{formatNairaAmount(c.amount)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
      {state === "paid" ? (
        <p className="mt-6 flex items-center gap-2 font-semibold text-sage" data-testid="pay-link-paid">
          <CheckCircle2 aria-hidden="true" /> This order is paid. {order.firstName} will get the confirmation.
        </p>
      ) : state === "closed" ? (
        <p className="mt-6 text-muted" data-testid="pay-link-closed">
          This link has expired or the order is no longer waiting for payment. Please ask {order.firstName} for a new link.
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="pay-link-pay">
            <Lock size={16} aria-hidden="true" /> Pay {formatNairaAmount(order.leftToPay)}
          </button>
          <p className="mt-3 text-xs text-muted">Card, bank transfer or USSD on the secure payment page.</p>
        </Form>
      )}
      {state === "open" && order.canChipIn ? <ChipInForm order={order} errors={errors} typed={typed} busy={busy} /> : null}
    </main>
  );
}

/** Paying together (docs/product.md "Chipping in"): part of what is left, with a name the buyer and the others see. */
function ChipInForm({
  order,
  errors,
  typed,
  busy,
}: {
  order: Route.ComponentProps["loaderData"]["order"];
  errors: Record<string, string>;
  typed?: Record<string, string | undefined>;
  busy: boolean;
}) {
  return (
    <section className="mt-8 rounded-2xl border border-line p-5" aria-labelledby="chip-in-title">
      <h2 id="chip-in-title" className="flex items-center gap-2 text-xl">
        <HeartHandshake size={20} aria-hidden="true" /> Paying together?
      </h2>
      <p className="mt-1 text-sm text-muted">
        Each friend can pay part of it through this link. {order.firstName}&apos;s order is held once part is paid, until the rest comes.
      </p>
      <Form method="post" className="mt-4 space-y-4" data-testid="chip-in-form">
        <input type="hidden" name="intent" value="chip_in" />
        <Field
          label="Amount (₦)"
          name="amount"
          inputMode="decimal"
          defaultValue={typed?.amount}
          error={errors.amount}
          hint={`From ${formatNairaAmount(order.leastPart)} to ${formatNairaAmount(order.leftToPay)}`}
        />
        <Field
          label="Your name (optional)"
          name="name"
          autoComplete="name"
          defaultValue={typed?.name}
          error={errors.name}
          hint={`${order.firstName} and whoever opens this link see it`}
        />
        <Field
          label="Your email (optional)"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={typed?.email}
          error={errors.email}
          hint="For the receipt, our thanks, and word if it is ever refunded"
        />
        <button type="submit" className="btn-outline w-full" disabled={busy} data-testid="chip-in-pay">
          <HeartHandshake size={16} aria-hidden="true" /> Chip in
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteError;
