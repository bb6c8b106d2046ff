import { DiscountForm } from "../../components/admin/discount-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { getDiscountCode, scopeChoices } from "../../../modules/discounts/admin.server";
import { discountCodeView } from "../../../modules/reports/discount-codes.server";
import { saveDiscountForm } from "./discount-form.server";
import { recordOr404 } from "../../lib/not-found.server";
import type { Route } from "./+types/editdiscount";

export const meta = () => [{ title: "Edit Discount Code | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const [code, choices] = await Promise.all([
    recordOr404(params.id, (id) => discountCodeView(db, id), "Discount code not found"),
    scopeChoices(db),
  ]);
  return { code, choices };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const { id } = await recordOr404(params.id, (id) => getDiscountCode(db, id), "Discount code not found");
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
