import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import { z } from "zod";
import { OrderDetails, orderDate, orderTitle } from "../../components/orders/order-details";
import { RouteError } from "../../components/route-error";
import { appContext } from "../../context";
import { requireUserPage } from "../../lib/guards.server";
import { orNotFound } from "../../lib/not-found.server";
import { readSearchParams } from "../../lib/search-params.server";
import { AppError } from "../../../lib/errors";
import { formatNairaAmount } from "../../../lib/money";
import { verifyAndComplete } from "../../../modules/orders/completion.server";
import { paymentProvider } from "../../../modules/payments/provider.server";
import { paymentReference } from "../../../modules/payments/schemas";
import type { Route } from "./+types/checkout-complete";

export function meta() {
  return [{ title: "Order confirmation | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

const completeQuery = z.object({ reference: paymentReference.optional() });

/** The provider sends the shopper here: verify with the provider, complete once, show the order. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUserPage(context, request);
  const { db, env, logger } = context.get(appContext);
  const { reference } = readSearchParams(request, completeQuery, ["reference"]);
  if (!reference) throw redirect("/checkout");
  try {
    const result = await orNotFound(() => verifyAndComplete(db, paymentProvider(env, db), user, reference), {
      msg: "We could not find that order.",
    });
    const { status, paidAt } = result.purchase;
    // paid, but the order is cancelled (sold out before the money arrived, or cancelled by the shop): never "try again"
    if (status === "cancelled" && paidAt) return { order: result.purchase, waiting: false, unreachable: false, refund: true };
    if (status === "cancelled" || status === "failed")
      throw redirect(`/checkout?payment=${result.paymentStatus === "failed" ? "failed" : "cancelled"}`);
    return { order: result.purchase, waiting: status === "pending", unreachable: false, refund: false };
  } catch (e) {
    if (e instanceof AppError) {
      logger.warn({ reference, err: e.message }, "payment verification failed");
      return { order: null, waiting: true, unreachable: true, refund: false };
    }
    throw e;
  }
}

export default function CheckoutComplete({ loaderData }: Route.ComponentProps) {
  const { order, waiting, unreachable, refund } = loaderData;
  const { revalidate } = useRevalidator();
  const completed = order?.status === "completed";
  // the header's cart count was read while this page's loader emptied the cart: read it again once
  useEffect(() => {
    if (completed) void revalidate();
  }, [completed]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!order || waiting) {
    return (
      <main id="main" className="container-page max-w-xl py-16 text-center">
        <h1 className="text-3xl">We are confirming your payment</h1>
        <p className="mt-4 text-muted">
          {unreachable ? "We could not reach the payment service just now." : "Your payment has not been confirmed yet."} Your cart is safe.
          This page checks again when you reload it.
        </p>
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
  if (refund) {
    return (
      <main id="main" className="container-page max-w-xl py-16 text-center">
        <h1 className="text-3xl">{orderTitle(order.id)} was cancelled</h1>
        <p className="mt-4 text-muted" data-testid="refund-message">
          We received your payment of {formatNairaAmount(order.totalAmount)}, but this order is cancelled, so we are refunding the full
          amount to your card within 5 working days. You do not need to do anything; the details are in your email.
        </p>
        <AfterOrderLinks />
      </main>
    );
  }
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <div className="text-center">
        <CheckCircle2 size={48} className="mx-auto text-sage" aria-hidden="true" />
        <h1 className="mt-3 text-3xl">Thank you! Your order is confirmed</h1>
        <p className="mt-2 text-lg font-bold" data-testid="order-number">
          {orderTitle(order.id)}
        </p>
        <p className="text-sm text-muted">
          Paid {order.paidAt ? orderDate(order.paidAt) : ""} · a confirmation is on its way to {order.email}
        </p>
      </div>
      <section className="mt-8 rounded-2xl border border-line bg-linen p-5" aria-label="Order details">
        <OrderDetails order={order} />
      </section>
      <AfterOrderLinks />
    </main>
  );
}

function AfterOrderLinks() {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/profile" className="btn-outline">
        My orders
      </Link>
      <Link to="/products" className="btn-primary">
        Continue shopping
      </Link>
    </div>
  );
}

export const ErrorBoundary = RouteError;
