import { Form, Link, redirect, useSearchParams } from "react-router";
import { Field, FormMessage, NameFields } from "../../components/forms/fields";
import { MyOrders } from "../../components/orders/my-orders";
import { appContext } from "../../context";
import { formAction, parseForm, sentBack } from "../../lib/form-action.server";
import { startingValues, useZodForm, useBusy } from "../../lib/forms";
import { requireUserPage } from "../../lib/guards.server";
import { profileUpdateInput } from "../../../modules/accounts/schemas";
import { getUser, updateProfile } from "../../../modules/accounts/service.server";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import { listMyPurchases } from "../../../modules/orders/my-orders.server";
import { reviewableProducts } from "../../../modules/reviews/service.server";
import type { Route } from "./+types/profile";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const profileSchema = () => import("../../../modules/accounts/schemas").then((m) => m.profileUpdateInput);

export const meta = () => [{ title: "My profile | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const signedIn = requireUserPage(context, request);
  const { db, env } = context.get(appContext);
  const [user, towns, orders, reviewable] = await Promise.all([
    getUser(db, signedIn.id),
    deliveryAreaNames(db),
    listMyPurchases(db, env, signedIn.id),
    reviewableProducts(db, signedIn.id),
  ]);
  return { user, towns, orders, reviewable: reviewable.map((p) => p.id) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const signedIn = requireUserPage(context, request);
  const { db } = context.get(appContext);
  return formAction(async () => {
    const { data } = await parseForm(request, profileUpdateInput);
    await updateProfile(db, signedIn.id, data);
    // docs/product.md §4: a saved profile returns to view mode
    return redirect("/profile?saved=1");
  }, sentBack(request));
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, towns, orders, reviewable } = loaderData;
  const [params] = useSearchParams();
  // Edit Profile and Cancel are links, so they work before the page's script loads;
  // Cancel shows the saved values again (docs/product.md §4)
  const editing = params.has("edit") || Boolean(actionData);
  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">My profile</h1>
      <div className="mt-2 flex flex-wrap gap-x-6">
        <OrdersShortcut orders={orders} />
        <Link to="/wishlist" className="inline-flex min-h-11 items-center font-semibold text-rose underline">
          My wish list
        </Link>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="details-title" className="rounded-3xl border border-line bg-linen/60 p-6 sm:p-8">
          <h2 id="details-title" className="text-2xl">
            {editing ? "Edit profile" : "Your details"}
          </h2>
          {editing ? (
            <EditProfile user={user} towns={towns} actionData={actionData} />
          ) : (
            <ViewProfile user={user} saved={params.has("saved")} />
          )}
        </section>
        <div className="rounded-3xl border border-line bg-cream p-6 sm:p-8">
          <MyOrders orders={orders} reviewable={reviewable} />
        </div>
      </div>
    </main>
  );
}

type User = Route.ComponentProps["loaderData"]["user"];

/** On a phone her orders sit below her details: a way straight to them, saying what waits for her. */
function OrdersShortcut({ orders }: { orders: Route.ComponentProps["loaderData"]["orders"] }) {
  if (!orders.length) return null;
  // those she can still pay from the list (its "Complete payment", "How to pay" or link)
  const toPay = orders.filter((o) => o.toPay && o.toPay.action !== "ended").length;
  return (
    <a
      href="#my-orders"
      className="inline-flex min-h-11 items-center font-semibold text-rose underline lg:hidden"
      data-testid="orders-shortcut"
    >
      My orders ({orders.length}){toPay ? ` · ${toPay} to pay` : ""}
    </a>
  );
}

function ViewProfile({ user, saved }: { user: User; saved: boolean }) {
  const rows: [string, string | null][] = [
    ["First Name", user.firstName],
    ["Last Name", user.lastName],
    ["Email", user.email],
    ["Phone Number", user.phone],
    ["Local Government Area", user.lga],
    ["Address", user.address],
  ];
  return (
    <>
      {saved ? (
        <div className="mt-4">
          <FormMessage tone="success">Your profile has been saved.</FormMessage>
        </div>
      ) : null}
      <dl className="mt-6 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="mt-0.5 break-words">{value || "Not yet added"}</dd>
          </div>
        ))}
      </dl>
      <Link to="/profile?edit" className="btn-primary mt-8">
        Edit Profile
      </Link>
    </>
  );
}

function EditProfile({ user, towns, actionData }: { user: User; towns: string[]; actionData: Route.ComponentProps["actionData"] }) {
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(profileSchema, actionData);
  // her saved details, or what she sent when the page is drawn again for a refused form (no script yet)
  const { text } = startingValues(actionData);
  // a saved LGA that is no longer a delivery area stays choosable
  const choices = user.lga && !towns.some((t) => t.toLowerCase() === user.lga!.toLowerCase()) ? [user.lga, ...towns] : towns;
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
      <FormMessage tone="error">{msg}</FormMessage>
      <NameFields
        errors={errors}
        saved={{ firstName: text("firstName", user.firstName ?? ""), lastName: text("lastName", user.lastName ?? "") }}
      />
      {/* docs/product.md §5: the email is not editable, and is not sent */}
      <Field label="Email" name="" id="field-email" type="email" value={user.email} readOnly hint="Your email cannot be changed." />
      <Field
        label="Phone Number"
        name="phone"
        type="tel"
        defaultValue={text("phone", user.phone ?? "")}
        autoComplete="tel"
        maxLength={30}
        error={errors.phone}
      />
      <Field label="Local Government Area" name="lga" error={errors.lga}>
        {(control) => (
          <select {...control} defaultValue={text("lga", choices.find((t) => t.toLowerCase() === user.lga?.toLowerCase()) ?? "")}>
            <option value="">Select your LGA</option>
            {choices.map((town) => (
              <option key={town} value={town}>
                {town}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Address" name="address" error={errors.address}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={300}
            defaultValue={text("address", user.address ?? "")}
            autoComplete="street-address"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving..." : "Save Changes"}
        </button>
        <Link to="/profile" className="btn-outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
export { RouteError as ErrorBoundary } from "../../components/route-error";
