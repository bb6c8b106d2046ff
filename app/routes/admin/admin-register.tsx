import { Form, Link, redirect } from "react-router";
import { PageHeader } from "../../components/admin/table-parts";
import { ChipChoices } from "../../components/admin/chip-choices";
import { TEAM_ROLES, teamRoleLabel } from "../../../modules/accounts/roles";
import { FailureText, Field, FormMessage, NameFields, PasswordField } from "../../components/forms/fields";
import { appContext } from "../../context";
import { formAction, parseForm, sentBack } from "../../lib/form-action.server";
import { startingValues, useZodForm, useBusy } from "../../lib/forms";
import { requireAdminPage } from "../../lib/guards.server";
import { adminRegisterForm } from "../../../modules/accounts/schemas";
import { createAdmin } from "../../../modules/accounts/service.server";
import { publicOrigin } from "../../../lib/public-origin";
import type { Route } from "./+types/admin-register";

export const meta = () => [{ title: "Add a team member | Alafia admin" }, { name: "robots", content: "noindex" }];

// A back-office screen (the admin layout guards it: guests go to /admin, customers get a 403).
export function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdminPage(context, request);
  const { db, env } = context.get(appContext);
  return formAction(async () => {
    const { data: input } = await parseForm(request, adminRegisterForm);
    const created = await createAdmin(db, input, { actor: user, shopUrl: publicOrigin(env) });
    // the admin stays signed in and in the back office: back to the team, with the new member in it
    return redirect(`/teamtable?created=${encodeURIComponent(created.email)}`);
  }, sentBack(request));
}

export default function AdminRegister({ actionData }: Route.ComponentProps) {
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(adminRegisterForm, actionData);
  // what a refused form sent, when the page is drawn again without its script (the password is typed again)
  const { text } = startingValues(actionData);
  return (
    <>
      <PageHeader title="Add a team member" />
      <section aria-label="New administrator" className="max-w-xl rounded-2xl border border-line bg-linen p-5 sm:p-6">
        <p className="text-muted">
          An owner can do everything. Staff take and fulfil orders and keep the products and the blog; they do not see the month&apos;s
          money, refund, or change discount codes, delivery prices, the settings or the team.
        </p>
        <FormMessage tone="error">{msg ? <FailureText msg={msg} /> : null}</FormMessage>
        <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <NameFields errors={errors} autoComplete={false} saved={{ firstName: text("firstName", ""), lastName: text("lastName", "") }} />
          <Field
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={text("email", "")}
            error={errors.email}
          />
          <Field
            label="Phone Number"
            name="phone"
            type="tel"
            required
            maxLength={30}
            defaultValue={text("phone", "")}
            error={errors.phone}
          />
          <PasswordField error={errors.password} autoComplete="new-password" />
          {/* the least the new member needs: staff unless the owner says otherwise */}
          <ChipChoices
            legend="Role"
            name="role"
            options={TEAM_ROLES}
            labels={teamRoleLabel}
            value={text("role", "staff")}
            error={errors.role}
          />
          <div className="flex flex-wrap gap-3 pt-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Loading..." : "Sign Up"}
            </button>
            <Link to="/teamtable" className="btn-outline">
              Cancel
            </Link>
          </div>
        </Form>
      </section>
    </>
  );
}
