import { redirect } from "react-router";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/errors";
import { createDiscountCode, updateDiscountCode } from "../../../modules/discounts/admin.server";
import { discountCreateInput, discountFormErrors, discountFormValues, discountPatch } from "../../../modules/discounts/schemas";
import { formAction, readForm, sentBack } from "../../lib/form-action.server";

/**
 * The action of /creatediscount and /editdiscount/{id}: the form read with the API's schema, saved
 * by the same service as POST /api/discounts/create and PUT /api/discounts/{id}, then the list.
 */
export function saveDiscountForm(db: Db, request: Request, id?: string) {
  return formAction(async () => {
    const values = discountFormValues(await readForm(request));
    const fields = discountFormErrors(values);
    if (Object.keys(fields).length) throw new AppError("invalid", "Please check the highlighted fields.", { fields });
    if (id) await updateDiscountCode(db, id, discountPatch.parse(values));
    else await createDiscountCode(db, discountCreateInput.parse(values));
    return redirect("/discounttable");
  }, sentBack(request));
}
