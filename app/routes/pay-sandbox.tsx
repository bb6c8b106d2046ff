import { Lock } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { appContext } from "../context";
import { formAction, readForm } from "../lib/form-action.server";
import { requireUserPage } from "../lib/guards.server";
import { orNotFound } from "../lib/not-found.server";
import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { cancelPendingPurchase } from "../../modules/orders/cancellation.server";
import { recordSandboxDecision, sandboxPayment } from "../../modules/payments/sandbox.server";
import { paymentReference } from "../../modules/payments/schemas";
import type { Route } from "./+types/pay-sandbox";
import { useBusy } from "../lib/forms";

export function meta() {
  return [{ title: "Sandbox payment | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

const NOT_FOUND = { msg: "Not found" };

/** The sandbox provider's hosted page (docs/architecture.md "Payments"); it exists only in sandbox mode. */
async function payment(args: Route.LoaderArgs | Route.ActionArgs) {
  const { context, request, params } = args;
  const { db, env } = context.get(appContext);
  if (env.PAYMENT_PROVIDER !== "sandbox") throw data(NOT_FOUND, { status: 404 });
  const user = requireUserPage(context, request);
  const reference = paymentReference.safeParse(params.reference);
  if (!reference.success) throw data({ msg: `Please check the link: ${reference.error.issues[0]!.message}.` }, { status: 400 });
  return orNotFound(async () => {
    const p = await sandboxPayment(db, reference.data);
    if (user.role !== "admin" && p.userId !== user.id) throw AppError.notFound("Payment");
    return { db, p };
  }, NOT_FOUND);
}

const complete = (reference: string) => `/checkout/complete?reference=${encodeURIComponent(reference)}`;

export async function loader(args: Route.LoaderArgs) {
  const { p } = await payment(args);
  if (p.status !== "pending") throw redirect(complete(p.reference));
  return { reference: p.reference, amount: formatNaira(p.totalKobo), email: p.email };
}

export async function action(args: Route.ActionArgs) {
  const { db, p } = await payment(args);
  return formAction(async () => {
    const intent = (await readForm(args.request)).get("intent");
    if (intent === "pay") {
      await recordSandboxDecision(db, p.reference, "pay");
      throw redirect(complete(p.reference));
    }
    await recordSandboxDecision(db, p.reference, "cancel");
    await cancelPendingPurchase(db, p.reference);
    throw redirect("/checkout?payment=cancelled");
  });
}

export default function SandboxPayment({ loaderData }: Route.ComponentProps) {
  const { amount, email, reference } = loaderData;
  const busy = useBusy();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-sand p-4">
      <div className="w-full max-w-sm rounded-3xl border border-line bg-linen p-6 text-center shadow-sm">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-sage-soft px-3 py-1 text-xs font-bold uppercase tracking-wider text-sage">
          <Lock size={12} aria-hidden="true" /> Sandbox payment
        </p>
        <h1 className="mt-4 text-xl">Alafia Self-Care</h1>
        <p className="mt-1 text-sm text-muted">{email}</p>
        <p className="mt-6 text-sm text-muted">Amount to pay</p>
        <p className="text-4xl font-bold" data-testid="sandbox-amount">
          {amount}
        </p>
        <p className="mt-2 break-all text-xs text-muted">Reference {reference}</p>
        <Form method="post" className="mt-8 grid gap-3">
          <button type="submit" name="intent" value="pay" className="btn-primary w-full" disabled={busy}>
            Pay now
          </button>
          <button type="submit" name="intent" value="cancel" className="btn-outline w-full" disabled={busy}>
            Cancel payment
          </button>
        </Form>
        <p className="mt-6 text-xs text-muted">Test mode: no card is charged.</p>
      </div>
    </main>
  );
}
