import { Form, Link } from "react-router";
import { AuthCard, FailureText, FormMessage, NameFields, PasswordField, EmailField } from "../../components/forms/fields";
import { appContext } from "../../context";
import { redrawnFormAction } from "../../lib/form-action.server";
import { useZodForm, useBusy } from "../../lib/forms";
import { login, register } from "../../../modules/accounts/auth.server";
import { promoSignForm } from "../../../modules/accounts/schemas";
import { authDeps, clientMeta, redirectSignedIn } from "./account.server";
import type { Route } from "./+types/promosign";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const promoSignSchema = () => import("../../../modules/accounts/schemas").then((m) => m.promoSignForm);

export const meta = () => [{ title: "Sign up for the promo | Alafia Self-Care" }];

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // refused before the page's script ran, the form is drawn again with what she typed (not her password)
  return redrawnFormAction(request, promoSignForm, async (fields) => {
    const data = fields();
    const deps = authDeps(ctx);
    const meta = clientMeta(ctx, request);
    await register(deps, data, { ...meta, by: null });
    // docs/product.md §4: the short variant lands on /promopage, signed in
    return redirectSignedIn(ctx, await login(deps, { email: data.email, password: data.password }, meta), "/promopage");
  });
}

export default function PromoSign({ actionData }: Route.ComponentProps) {
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(promoSignSchema, actionData);
  const typed = actionData?.typed;
  return (
    <AuthCard title="Sign up to shop the promo" intro="Get up to 50% off on selected items!! Create your account in a minute.">
      <FormMessage tone="error">{msg ? <FailureText msg={msg} /> : null}</FormMessage>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <NameFields errors={errors} saved={typed} />
        <EmailField typed={typed?.email} error={errors.email} />
        <PasswordField error={errors.password} autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Loading..." : "Sign Up"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        Already have an account?{" "}
        <Link to="/login?redirectTo=%2Fpromopage" className="font-semibold text-rose-dark underline underline-offset-4">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
export { RouteError as ErrorBoundary } from "../../components/route-error";
