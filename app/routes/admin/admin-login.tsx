import { Form, Link, redirect, useSearchParams } from "react-router";
import { AuthCard, FormMessage, PasswordField, EmailField } from "../../components/forms/fields";
import { appContext } from "../../context";
import { redrawnFormAction } from "../../lib/form-action.server";
import { useZodForm, useBusy } from "../../lib/forms";
import { adminLogin } from "../../../modules/accounts/auth.server";
import { safeRedirect } from "../../../modules/accounts/safe-redirect";
import { loginInput } from "../../../modules/accounts/schemas";
import { authDeps, clientMeta, redirectSignedIn } from "../account/account.server";
import type { Route } from "./+types/admin-login";
import { isTeam } from "../../../modules/accounts/roles";

export const meta = () => [{ title: "Admin login | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

export function loader({ context, request }: Route.LoaderArgs) {
  // an admin already signed in stays in the back office: on to the screen asked for, else /dashboard
  if (isTeam(context.get(appContext).user?.role))
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/dashboard"));
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // refused before the page's script ran, the form is drawn again with the email (never the password)
  return redrawnFormAction(request, loginInput, async (fields, form) => {
    const signedIn = await adminLogin(authDeps(ctx), fields(), clientMeta(ctx, request));
    // docs/product.md §2: success goes to /dashboard (or back to the admin screen that sent the admin here)
    return redirectSignedIn(ctx, signedIn, safeRedirect(form.get("redirectTo"), "/dashboard"));
  });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(loginInput, actionData);
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  return (
    <AuthCard title="Admin login" intro="For the Alafia Self-Care team.">
      <div className="space-y-4">
        {/* docs/product.md §8: the admin login shows the server's msg */}
        <FormMessage tone="error">{msg}</FormMessage>
      </div>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <EmailField typed={actionData?.typed?.email} error={errors.email} autoComplete="username" />
        <PasswordField error={errors.password} retype={Boolean(msg) && !Object.keys(errors).length} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Loading..." : "Log In"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        Not an administrator?{" "}
        <Link to="/register" className="font-semibold text-rose-dark underline underline-offset-4">
          Sign up as a shopper
        </Link>
      </p>
    </AuthCard>
  );
}
export { RouteError as ErrorBoundary } from "../../components/route-error";
