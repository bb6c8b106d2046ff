import { Form, Link, redirect, useSearchParams } from "react-router";
import { AuthCard, FailureText, Field, FormMessage, NameFields, PasswordField, EmailField } from "../../components/forms/fields";
import { appContext } from "../../context";
import { redrawnFormAction } from "../../lib/form-action.server";
import { useZodForm, useBusy } from "../../lib/forms";
import { register } from "../../../modules/accounts/auth.server";
import { safeRedirect, withRedirect } from "../../../modules/accounts/safe-redirect";
import { registerForm } from "../../../modules/accounts/schemas";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import { authDeps, clientMeta } from "./account.server";
import type { Route } from "./+types/register";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const registerSchema = () => import("../../../modules/accounts/schemas").then((m) => m.registerForm);

export const meta = () => [
  { title: "Sign up | Alafia Self-Care" },
  { name: "description", content: "Create your Alafia Self-Care account to check out faster and follow your orders." },
];

export async function loader({ context }: Route.LoaderArgs) {
  // docs/product.md §2: the Town choice comes from the delivery areas
  return { towns: await deliveryAreaNames(context.get(appContext).db) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // refused before the page's script ran, the form is drawn again with what she typed (not her password)
  return redrawnFormAction(request, registerForm, async (fields, form) => {
    await register(authDeps(ctx), fields(), { ...clientMeta(ctx, request), by: null });
    // docs/product.md §4: the full sign-up goes to /login; a shopper on her way to a page (checkout) goes on there after
    return redirect(withRedirect("/login?registered=1", safeRedirect(form.get("redirectTo"), "")));
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(registerSchema, actionData);
  const typed = actionData?.typed;
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  return (
    <AuthCard title="Create your account" intro="Join Alafia Self-Care: a calmer way to shop for you and the women you love.">
      <FormMessage tone="error">{msg ? <FailureText msg={msg} /> : null}</FormMessage>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <NameFields errors={errors} saved={typed} />
        <EmailField typed={typed?.email} error={errors.email} />
        <Field
          label="Phone Number"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          maxLength={30}
          defaultValue={typed?.phone}
          error={errors.phone}
        />
        <Field
          label="Address"
          name="address"
          required
          autoComplete="street-address"
          maxLength={300}
          defaultValue={typed?.address}
          error={errors.address}
        />
        <Field label="Town" name="lga" error={errors.lga}>
          {(control) => (
            <select {...control} required defaultValue={typed?.lga ?? ""}>
              <option value="" disabled>
                Select a town
              </option>
              {loaderData.towns.map((town) => (
                <option key={town} value={town}>
                  {town}
                </option>
              ))}
            </select>
          )}
        </Field>
        <PasswordField error={errors.password} autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Loading..." : "Sign Up"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        Already have an account?{" "}
        <Link to={withRedirect("/login", redirectTo)} className="font-semibold text-rose-dark underline underline-offset-4">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
export { RouteError as ErrorBoundary } from "../../components/route-error";
