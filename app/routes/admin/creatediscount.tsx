import { DiscountForm } from "../../components/admin/discount-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { scopeChoices } from "../../../modules/discounts/admin.server";
import { saveDiscountForm } from "./discount-form.server";
import type { Route } from "./+types/creatediscount";

export const meta = () => [{ title: "Create Discount Code | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { choices: await scopeChoices(context.get(appContext).db) };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context, request);
  return saveDiscountForm(context.get(appContext).db, request);
}

export default function CreateDiscount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Create Discount Code" />
      <DiscountForm choices={loaderData.choices} result={actionData} />
    </>
  );
}
