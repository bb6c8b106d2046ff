import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, FailureText, Field, FormMessage, PasswordField } from "../../components/forms/fields";
import { appContext } from "../../context";
import { formAction, parseForm } from "../../lib/form-action.server";
import { useZodForm } from "../../lib/forms";
import { adminRegisterForm } from "../../../modules/accounts/schemas";
import { createAdmin } from "../../../modules/accounts/service.server";
import type { Route } from "./+types/admin-register";

export const meta = () => [{ title: "Register an administrator | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

// Issue 4: only a signed-in admin may create an admin; anyone else is told why, not just bounced.
export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(appContext);
  if (user?.role === "admin") return { allowed: true as const, signedIn: true };
  return data({ allowed: false as const, signedIn: Boolean(user) }, { status: user ? 403 : 401 });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, user } = context.get(appContext);
  if (user?.role !== "admin") throw data({ msg: "Only a shop administrator can create an administrator account." }, { status: 403 });
  return formAction(async () => {
    const { data: input } = await parseForm(request, adminRegisterForm);
    const created = await createAdmin(db, input);
    // spec §4: admin register success goes to /admin
    return redirect(`/admin?created=${encodeURIComponent(created.email)}`);
  });
}

export default function AdminRegister({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { errors, onSubmit, msg } = useZodForm(adminRegisterForm, actionData);
  if (!loaderData.allowed)
    return (
      <AuthCard title="Register an administrator">
        <FormMessage tone="error">
          Only a signed-in shop administrator can create an administrator account.{" "}
          {loaderData.signedIn ? "Your account is a shopper account." : "Please log in as an administrator first."}
        </FormMessage>
        <p className="mt-6 text-center text-sm">
          <Link to="/admin?redirectTo=%2Fadminregister" className="font-semibold text-rose-dark underline underline-offset-4">
            Go to the admin login
          </Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="Register an administrator" intro="The new administrator can manage the whole shop.">
      <FormMessage tone="error">{msg ? <FailureText msg={msg} /> : null}</FormMessage>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" name="firstName" required maxLength={60} error={errors.firstName} />
          <Field label="Last Name" name="lastName" required maxLength={60} error={errors.lastName} />
        </div>
        <Field label="Email" name="email" type="email" required autoComplete="off" error={errors.email} />
        <Field label="Phone Number" name="phone" type="tel" required maxLength={30} error={errors.phone} />
        <PasswordField error={errors.password} autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Loading..." : "Sign Up"}
        </button>
      </Form>
    </AuthCard>
  );
}
export { RouteError as ErrorBoundary } from "../../components/route-error";
