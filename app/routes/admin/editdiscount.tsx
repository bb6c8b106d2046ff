import { DiscountForm } from "../../components/admin/discount-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { getDiscountCode, scopeChoices } from "../../../modules/discounts/admin.server";
import { discountCodeView } from "../../../modules/reports/discount-codes.server";
import { saveDiscountForm } from "./discount-form.server";
import { loadOr404 } from "./list-query.server";
import type { Route } from "./+types/editdiscount";

export const meta = () => [{ title: "Edit Discount Code | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const [code, choices] = await Promise.all([loadOr404(params.id, "Discount code", (id) => discountCodeView(db, id)), scopeChoices(db)]);
  return { code, choices };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const { id } = await loadOr404(params.id, "Discount code", (id) => getDiscountCode(db, id));
  return saveDiscountForm(db, request, id);
}

export default function EditDiscount({ loaderData, actionData }: Route.ComponentProps) {
  const { code, choices } = loaderData;
  return (
    <>
      <PageHeader title={`Edit ${code.code}`} />
      <p className="-mt-2 mb-4 text-sm text-muted">
        {code.uses} paid {code.uses === 1 ? "order" : "orders"}, {code.held} awaiting payment. Changes apply to new checkouts; orders
        already placed keep their price.
      </p>
      <DiscountForm key={code.updatedAt} code={code} choices={choices} result={actionData} />
    </>
  );
}
