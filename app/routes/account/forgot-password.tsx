import { Form, Link } from "react-router";
import { AuthCard, FailureText, FormMessage, EmailField } from "../../components/forms/fields";
import { appContext } from "../../context";
import { redrawnFormAction } from "../../lib/form-action.server";
import { useZodForm, useBusy } from "../../lib/forms";
import { requestPasswordReset } from "../../../modules/accounts/auth.server";
import { forgotPasswordInput } from "../../../modules/accounts/schemas";
import { authDeps, clientMeta } from "./account.server";
import type { Route } from "./+types/forgot-password";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const forgotPasswordSchema = () => import("../../../modules/accounts/schemas").then((m) => m.forgotPasswordInput);

export const meta = () => [{ title: "Forgot password | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // refused before the page's script ran, the form is drawn again with the email she typed
  return redrawnFormAction(request, forgotPasswordInput, async (fields) => {
    // the same answer whether or not the email has an account
    const { msg } = await requestPasswordReset(authDeps(ctx), fields(), clientMeta(ctx, request));
    return { ok: true, msg };
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(forgotPasswordSchema, actionData);
  const sent = actionData && "ok" in actionData && actionData.ok;
  return (
    <AuthCard title="Forgot your password?" intro="Enter the email of your account and we will send you a link to choose a new password.">
      {sent ? (
        <FormMessage tone="success">{msg}</FormMessage>
      ) : (
        <FormMessage tone="error">{msg ? <FailureText msg={msg} /> : null}</FormMessage>
      )}
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <EmailField typed={actionData && "typed" in actionData ? actionData.typed?.email : undefined} error={errors.email} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Loading..." : "Send Reset Link"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-rose-dark underline underline-offset-4">
          Back to Log in
        </Link>
      </p>
    </AuthCard>
  );
}
export { RouteError as ErrorBoundary } from "../../components/route-error";
