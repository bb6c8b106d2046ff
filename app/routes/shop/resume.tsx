import { CheckCircle2, Lock, TriangleAlert } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { FormMessage } from "../../components/forms/fields";
import { RouteError } from "../../components/route-error";
import { appContext } from "../../context";
import { formAction } from "../../lib/form-action.server";
import { requireUserPage } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { formatNairaAmount } from "../../../lib/money";
import { orderCompletePath } from "../../../modules/orders/order-links.server";
import { completionOf } from "../../../modules/orders/pay-link.server";
import { startPayment } from "../../../modules/orders/payment-start.server";
import { openOwnResume } from "../../../modules/orders/my-orders.server";
import { openResume, reviveCheckout } from "../../../modules/orders/resume.server";
import { ownResumePath, resumePath } from "../../../modules/orders/resume-links.server";
import { paymentProvider } from "../../../modules/payments/provider.server";
import { paymentReference } from "../../../modules/payments/schemas";
import type { Route } from "./+types/resume";

// docs/product.md "Unpaid checkouts": the reminder's 'complete it here'. The order is held again
// where its items are still in stock (what is gone is said plainly) and paid on the payment page.
// Without a link (no `t`), it is her own order's 'Complete payment' from My orders, opened by her
// account (docs/product.md "My orders").

export function meta() {
  return [{ title: "Complete your order | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

const linkQuery = z.object({
  e: z.coerce.number().int().optional(),
  t: z.string().trim().max(100).optional(),
  code: z.string().trim().max(40).optional(),
  reference: paymentReference.optional(),
});

/**
 * The saved order behind the link, if the link is ours; or, without a link, the signed-in
 * shopper's own order (anyone else's is the same 404 as a missing one; signed out, she logs in
 * first). `ended`: why it can no longer be completed, when it is over; `back`: where the payment
 * page sends her back to (this page, with the attempt's reference).
 */
async function savedOrder(context: Readonly<RouterContextProvider>, request: Request, id: string | undefined) {
  const { db, env } = context.get(appContext);
  const q = readSearchParams(request, linkQuery, ["e", "t", "code", "reference"]);
  if (q.t === undefined) {
    const user = requireUserPage(context, request);
    const found = await openOwnResume(db, user.id, id ?? "");
    if (found.state === "invalid") throw data({ msg: "We could not find that order." }, { status: 404 });
    const back = (reference: string) => `${ownResumePath(found.row.id)}?reference=${reference}`;
    return { ...found, query: q, own: true, back };
  }
  const found = await openResume(db, env, id ?? "", q.e ?? 0, q.t ?? "", q.code);
  if (found.state === "invalid") throw data({ msg: "This link is not valid. Please look for the latest mail from us." }, { status: 404 });
  // this page's address (never the request's: a script's form post reaches it as its .data twin)
  const back = (reference: string) => `${resumePath(env, found.row.id, new Date((q.e ?? 0) * 1000), q.code)}&reference=${reference}`;
  return { ...found, ended: "This link has ended.", query: q, own: false, back };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  let found = await savedOrder(context, request, params.id);
  // back from the payment page: the provider is asked once, the order completes once
  const outcome = found.query.reference ? await completionOf(services.db, services.env, found.row!.id, found.query.reference) : null;
  if (outcome) found = await savedOrder(context, request, params.id);
  const view = found.view!;
  return {
    view,
    ended: found.state === "expired" && view.state !== "paid" ? found.ended : null,
    orderPath: view.state === "paid" ? orderCompletePath(services.env, found.row!) : null,
    notice:
      outcome && !outcome.order.paid && (outcome.paymentStatus === "abandoned" || outcome.paymentStatus === "failed")
        ? "The payment did not go through. Your order is still saved: you can try again."
        : null,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  const found = await savedOrder(context, request, params.id);
  return formAction(async () => {
    if (found.state !== "valid" || !found.view || (found.view.state !== "saved" && found.view.state !== "open"))
      throw redirect(request.url);
    const { row } = await reviveCheckout(db, env, found.row!.id, {
      code: found.own ? null : found.query.code,
      from: found.own ? "my_orders" : "link",
    });
    const started = await startPayment(db, paymentProvider(env, db), env, row, found.back, {
      fresh: true,
    });
    throw redirect(started.authorizationUrl);
  });
}

export default function Resume({ loaderData, actionData }: Route.ComponentProps) {
  const { view, ended, orderPath, notice } = loaderData;
  const busy = useNavigation().state !== "idle";
  const payable = !ended && (view.state === "saved" || view.state === "open");
  const allGone = view.items.every((i) => i.keep === 0);
  const short = view.items.some((i) => i.keep < i.quantity);
  const changed = !short
    ? "Your discount code can no longer be used"
    : view.codeDropped
      ? "What has changed since you ordered"
      : "Some items have sold out since you ordered";
  return (
    <main id="main" className="container-page max-w-lg py-10">
      <h1 className="text-3xl">
        {view.state === "paid"
          ? "Paid, thank you!"
          : payable
            ? `${view.firstName}, your order is saved`
            : `${view.firstName}, about your order`}
      </h1>
      <p className="mt-1 text-sm text-muted">Order #{view.number} at Alafia Self-Care</p>
      <div className="mt-4 space-y-2">
        <FormMessage tone="error">{actionData?.msg ?? notice}</FormMessage>
      </div>
      {view.problems.length ? (
        <div className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm" role="status" data-testid="resume-problems">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert size={16} aria-hidden="true" /> {payable ? changed : "Why this order cannot be completed"}
          </p>
          <ul className="mt-2 list-disc pl-5">
            {view.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {payable && !allGone ? (
            <p className="mt-2">
              You can still complete your order {short ? "with what is left" : "without it"}; the total is worked out again before you pay.
            </p>
          ) : null}
        </div>
      ) : null}
      <section className="mt-6 rounded-2xl border border-line bg-linen p-5" aria-label="Your order">
        <ul className="divide-y divide-line text-sm" data-testid="resume-lines">
          {view.items.map((i) => (
            <li key={i.id} className="flex justify-between gap-3 py-2">
              {/* the line is struck through, its label is not (a line-through reaches every child) */}
              <span className="min-w-0">
                <span className={i.keep === 0 ? "text-muted line-through" : undefined}>
                  {i.quantity} × {i.title}
                </span>
                {i.keep === 0 ? (
                  <>
                    {" "}
                    <span className="whitespace-nowrap font-semibold">(sold out)</span>
                  </>
                ) : null}
              </span>
              <span className="shrink-0 font-semibold">{formatNairaAmount(i.totalPrice)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between border-t border-line pt-3 text-lg font-bold">
          <span>Total</span>
          <span data-testid="resume-total">{formatNairaAmount(view.total)}</span>
        </p>
        <p className="mt-1 text-xs text-muted">VAT and delivery included.</p>
        {view.code && payable ? (
          <p className="mt-3 rounded-xl bg-sage-soft p-3 text-sm font-semibold text-sage" data-testid="resume-code">
            Code {view.code.code}: {view.code.offer}, applied when you complete your order.
          </p>
        ) : null}
      </section>
      {view.state === "paid" ? (
        <p className="mt-6 flex flex-wrap items-center gap-2 font-semibold text-sage" data-testid="resume-paid">
          <CheckCircle2 aria-hidden="true" /> This order is paid.
          {orderPath ? (
            <Link to={orderPath} className="underline">
              Follow your order
            </Link>
          ) : null}
        </p>
      ) : !payable || allGone ? (
        <div className="mt-6 text-muted" data-testid="resume-closed">
          <p>
            {ended ? ended : allGone ? "Everything in this order has sold out since." : "This order can no longer be completed."} Have a
            look at what is in the shop now.
          </p>
          <Link to="/products" className="btn-primary mt-4 w-full">
            Shop again
          </Link>
        </div>
      ) : (
        <Form method="post" className="mt-6">
          <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="resume-pay">
            <Lock size={16} aria-hidden="true" /> {busy ? "Holding your items..." : "Complete my order"}
          </button>
          <p className="mt-3 text-xs text-muted">
            We hold your items for 30 minutes while you pay by card, bank transfer or USSD on the secure payment page.
          </p>
        </Form>
      )}
    </main>
  );
}

export const ErrorBoundary = RouteError;
