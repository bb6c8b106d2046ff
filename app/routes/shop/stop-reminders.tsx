import { CheckCircle2 } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { RouteError } from "../../components/route-error";
import { appContext } from "../../context";
import { formAction } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { readSearchParams } from "../../lib/search-params.server";
import { stopReminders } from "../../../modules/orders/checkout-reminders.server";
import { isStopRemindersToken } from "../../../modules/orders/resume-links.server";
import type { Route } from "./+types/stop-reminders";

// docs/product.md "Unpaid checkouts": the reminder mail's 'no more reminders' link. Opening it
// changes nothing (mail scanners open links); the button does.

export function meta() {
  return [{ title: "No more reminders | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

const stopQuery = z.object({ email: z.string().trim().max(254).optional(), t: z.string().trim().max(100).optional() });

function signedEmail(env: { SESSION_SECRET: string }, request: Request): string {
  const { email, t } = readSearchParams(request, stopQuery, ["email", "t"]);
  if (!email || !t || !isStopRemindersToken(env, email, t)) throw data({ msg: "This link is not valid." }, { status: 404 });
  return email;
}

export function loader({ context, request }: Route.LoaderArgs) {
  return { email: signedEmail(context.get(appContext).env, request) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  const email = signedEmail(env, request);
  return formAction(async (): Promise<FormResult> => {
    await stopReminders(db, email);
    return { ok: true, msg: "Done" };
  });
}

export default function StopReminders({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="container-page max-w-lg py-10">
      <h1 className="text-3xl">Reminders about unpaid orders</h1>
      {actionData?.ok ? (
        <p className="mt-6 flex items-center gap-2 font-semibold text-sage" data-testid="reminders-stopped">
          <CheckCircle2 aria-hidden="true" /> Done. We will not send {loaderData.email} any more reminders about unpaid orders.
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <p>
            Stop the mails we send when an order of <strong className="break-all">{loaderData.email}</strong> is not paid? Order
            confirmations and delivery updates still come.
          </p>
          <button type="submit" className="btn-primary mt-4 w-full" disabled={busy}>
            Stop these reminders
          </button>
        </Form>
      )}
    </main>
  );
}

export const ErrorBoundary = RouteError;
