import { Form, redirect } from "react-router";
import { AuthCard, Field, FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { limitPerAddress, redrawnFormAction } from "../../lib/form-action.server";
import { useBusy, useZodForm } from "../../lib/forms";
import { AppError } from "../../../lib/errors";
import { rateRules } from "../../../lib/rate-limit.server";
import { orderCompletePath } from "../../../modules/orders/order-links.server";
import { trackInput } from "../../../modules/orders/tracking-schemas";
import { findTrackedOrder } from "../../../modules/orders/tracking.server";
import type { Route } from "./+types/track";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const trackSchema = () => import("../../../modules/orders/tracking-schemas").then((m) => m.trackInput);

// plain HTML, no JavaScript (app/lib/scripted.ts): the form posts to the action below
export const handle = { scripts: false };

export const meta = () => [
  { title: "Track your order | Alafia Self-Care" },
  { name: "description", content: "Follow your Alafia Self-Care order with its number and your phone or email." },
];

/** docs/product.md "Tracking an order": the number and the phone or email she ordered with open the order's own page. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // the page has no script: a refused post is drawn again with what she typed
  return redrawnFormAction(request, trackInput, async (fields) => {
    await limitPerAddress(ctx, rateRules.trackIp);
    const order = await findTrackedOrder(ctx.db, fields());
    if (!order)
      throw new AppError(
        "not_found",
        "We could not find an order with that number and phone or email. Check the number in your order mail.",
      );
    return redirect(orderCompletePath(ctx.env, order));
  });
}

export default function Track({ actionData }: Route.ComponentProps) {
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(trackSchema, actionData);
  // the page has no script: a refused post draws the form again, with what she typed
  const typed = actionData?.typed;
  return (
    <AuthCard title="Track your order" intro="Type the order number from your order mail and the phone number or email you ordered with.">
      {/* her lookup's own reason, without the account screens' generic line above it */}
      <FormMessage tone="error">{msg}</FormMessage>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <Field
          label="Order number"
          name="number"
          required
          autoComplete="off"
          placeholder="3f9a1c2e"
          maxLength={9}
          defaultValue={typed?.number}
          error={errors.number}
        />
        <Field
          label="Phone or email"
          name="contact"
          required
          autoComplete="email"
          maxLength={254}
          defaultValue={typed?.contact}
          error={errors.contact}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Loading..." : "Track order"}
        </button>
      </Form>
    </AuthCard>
  );
}
export { RouteError as ErrorBoundary } from "../../components/route-error";
