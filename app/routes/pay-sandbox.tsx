import { Lock } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { appContext } from "../context";
import { formAction, readForm } from "../lib/form-action.server";
import { orNotFound } from "../lib/not-found.server";
import { readSearchParams } from "../lib/search-params.server";
import { formatNaira } from "../../lib/money";
import { isSandboxPageToken, recordSandboxDecision, sandboxPayment } from "../../modules/payments/sandbox.server";
import { paymentReference } from "../../modules/payments/schemas";
import type { Route } from "./+types/pay-sandbox";
import { useBusy } from "../lib/forms";

export function meta() {
  return [{ title: "Sandbox payment | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

const pageQuery = z.object({ back: z.string().max(2000).optional(), t: z.string().max(100).optional() });
const NOT_FOUND = { msg: "Not found" };

/**
 * The sandbox provider's hosted page (docs/architecture.md "Payments"); it exists only in sandbox
 * mode. Like a real provider's page it is opened by whoever holds its signed address (the buyer,
 * or someone paying through her shared link), and sends the payer back where the shop asked.
 */
async function payment(args: Route.LoaderArgs | Route.ActionArgs) {
  const { context, request, params } = args;
  const { db, env } = context.get(appContext);
  if (env.PAYMENT_PROVIDER !== "sandbox") throw data(NOT_FOUND, { status: 404 });
  const reference = paymentReference.safeParse(params.reference);
  if (!reference.success) throw data({ msg: `Please check the link: ${reference.error.issues[0]!.message}.` }, { status: 400 });
  const { back = "", t = "" } = readSearchParams(request, pageQuery, ["back", "t"]);
  // signed by the shop, so it is one of our own pages; still, only a path on this site
  if (!back.startsWith("/") || back.startsWith("//") || !isSandboxPageToken(env.SESSION_SECRET, reference.data, back, t))
    throw data(NOT_FOUND, { status: 404 });
  return orNotFound(async () => ({ db, p: await sandboxPayment(db, reference.data), back }), NOT_FOUND);
}

export async function loader(args: Route.LoaderArgs) {
  const { p, back } = await payment(args);
  if (p.status !== "pending") throw redirect(back);
  return { reference: p.reference, amount: formatNaira(p.totalKobo) };
}

export async function action(args: Route.ActionArgs) {
  const { db, p, back } = await payment(args);
  return formAction(async () => {
    const intent = (await readForm(args.request)).get("intent");
    await recordSandboxDecision(db, p.reference, intent === "pay" ? "pay" : "cancel");
    // the shop's page asks the provider what happened, as it does after Paystack's page
    throw redirect(back);
  });
}

export default function SandboxPayment({ loaderData }: Route.ComponentProps) {
  const { amount, reference } = loaderData;
  const busy = useBusy();
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-sand p-4">
      <div className="w-full max-w-sm rounded-3xl border border-line bg-linen p-6 text-center shadow-sm">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-sage-soft px-3 py-1 text-xs font-bold uppercase tracking-wider text-sage">
          <Lock size={12} aria-hidden="true" /> Sandbox payment
        </p>
        <h1 className="mt-4 text-xl">Alafia Self-Care</h1>
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
