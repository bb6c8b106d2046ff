import { Form, Link, redirect, useSearchParams } from "react-router";
import { AuthCard, FailureText, FormMessage, PasswordField, EmailField } from "../../components/forms/fields";
import { appContext } from "../../context";
import { redrawnFormAction } from "../../lib/form-action.server";
import { useZodForm, useBusy } from "../../lib/forms";
import { mergeGuestCartAfterLogin } from "../../lib/guest-cart";
import { login } from "../../../modules/accounts/auth.server";
import { safeRedirect, withRedirect } from "../../../modules/accounts/safe-redirect";
import { loginInput } from "../../../modules/accounts/schemas";
import { wishInDestination } from "../../../modules/wish-lists/save-after-login";
import { saveOnLogIn } from "../../../modules/wish-lists/service.server";
import { authDeps, clientMeta, redirectSignedIn } from "./account.server";
import type { Route } from "./+types/login";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const loginSchema = () => import("../../../modules/accounts/schemas").then((m) => m.loginInput);

export const meta = () => [{ title: "Log in | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

export function loader({ context, request }: Route.LoaderArgs) {
  // already signed in: straight on to where the shopper was going
  if (context.get(appContext).user) {
    const to = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
    // a wish asked from another tab: she is signed in there, and taps again (opening an address saves nothing)
    throw redirect(wishInDestination(to)?.back ?? to);
  }
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // refused before the page's script ran, the form is drawn again with her email (never her password)
  return redrawnFormAction(request, loginInput, async (fields, form) => {
    const signedIn = await login(authDeps(ctx), fields(), clientMeta(ctx, request));
    // docs/product.md §4: a customer goes to / (or back to the page that sent them here)
    const to = safeRedirect(form.get("redirectTo"));
    // a visitor's "Save to my wish list" tap: saved now, and on to the product (docs/product.md "Wish lists")
    const wish = wishInDestination(to);
    if (wish) await saveOnLogIn(ctx.db, signedIn.user.id, wish.productId);
    return redirectSignedIn(ctx, signedIn, wish?.back ?? to);
  });
}

/**
 * In the browser: once the server has signed the shopper in (its answer is a redirect), her guest cart
 * goes into the account before the next page loads, so /checkout prices the merged cart from the start.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) await mergeGuestCartAfterLogin().catch(() => false);
    throw thrown;
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(loginSchema, actionData);
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  const notice = params.has("registered")
    ? "Your account is ready. Please log in."
    : params.has("reset")
      ? "Your password has been changed. Please log in with your new password."
      : params.has("loggedout")
        ? "You have been logged out."
        : params.has("confirmemail")
          ? "Log in to see your orders in your account."
          : null;
  return (
    <AuthCard
      title="Log in"
      intro={
        wishInDestination(redirectTo)
          ? "Log in to save it to your wish list."
          : redirectTo
            ? "Please log in to continue."
            : "Welcome back. Log in to your account."
      }
    >
      <div className="space-y-4">
        <FormMessage tone="success">{notice}</FormMessage>
        <FormMessage tone="error">{msg ? <FailureText msg={msg} /> : null}</FormMessage>
      </div>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <EmailField typed={actionData?.typed?.email} error={errors.email} />
        <PasswordField error={errors.password} retype={Boolean(msg) && !Object.keys(errors).length} />
        <div className="text-right text-sm">
          <Link to="/forgotpassword" className="font-semibold text-rose-dark underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Loading..." : "Log In"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        Don't have an account? {/* signing up on the way to a page (checkout) comes back to it too */}
        <Link to={withRedirect("/register", redirectTo)} className="font-semibold text-rose-dark underline underline-offset-4">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
