import { Form, Link, redirect, useSearchParams } from "react-router";
import { AuthCard, FailureText, FormMessage, PasswordField } from "../../components/forms/fields";
import { appContext } from "../../context";
import { formAction, parseForm } from "../../lib/form-action.server";
import { useZodForm, useBusy } from "../../lib/forms";
import { INVALID_RESET_LINK, resetLinkWorks, resetPassword } from "../../../modules/accounts/auth.server";
import { resetPasswordForm } from "../../../modules/accounts/schemas";
import { authDeps, clientMeta } from "./account.server";
import type { Route } from "./+types/reset-password";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const resetPasswordSchema = () => import("../../../modules/accounts/schemas").then((m) => m.resetPasswordForm);

// the token is in the address: keep it out of other sites' Referer headers
export const headers = () => ({ "Referrer-Policy": "no-referrer" });
export const meta = () => [{ title: "Choose a new password | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

/** A used or expired link says so at once, not after she has typed a new password twice (the link stays unused). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token || token.length > 200) return { linkProblem: token ? INVALID_RESET_LINK : null };
  return { linkProblem: (await resetLinkWorks(authDeps(context.get(appContext)), token)) ? null : INVALID_RESET_LINK };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  return formAction(async () => {
    const { data } = await parseForm(request, resetPasswordForm);
    await resetPassword(authDeps(ctx), { token: data.token, password: data.password }, clientMeta(ctx, request));
    return redirect("/login?reset=1");
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(resetPasswordSchema, actionData);
  const tokenProblem = errors.token;
  if (loaderData.linkProblem)
    return (
      <AuthCard title="Reset your password">
        <FormMessage tone="error">{loaderData.linkProblem}</FormMessage>
        <AskForNewLink />
      </AuthCard>
    );
  return (
    <AuthCard title="Choose a new password" intro="Use 8 to 128 characters. A short sentence is easy to remember and hard to guess.">
      <FormMessage tone="error">{msg || tokenProblem ? <FailureText msg={tokenProblem ?? msg ?? ""} /> : null}</FormMessage>
      {token ? (
        <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <input type="hidden" name="token" value={token} />
          <PasswordField label="New Password" name="password" autoComplete="new-password" error={errors.password} />
          <PasswordField label="Confirm Password" name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Saving..." : "Reset Password"}
          </button>
        </Form>
      ) : (
        <FormMessage tone="error">This reset link is incomplete. Please ask for a new one.</FormMessage>
      )}
      <AskForNewLink />
    </AuthCard>
  );
}

const AskForNewLink = () => (
  <p className="mt-6 text-center text-sm">
    <Link to="/forgotpassword" className="font-semibold text-rose-dark underline underline-offset-4">
      Ask for a new link
    </Link>
  </p>
);
export { RouteError as ErrorBoundary } from "../../components/route-error";
