import { deliveryRateInput } from "../../../modules/delivery/admin-schemas";
import { useBusy, useZodForm, type FormResult } from "../../lib/forms";
import { Field } from "../forms/fields";
import { AdminForm } from "./admin-form";

/** /createlga and /editlga/{id} (docs/product.md §2, §5): LGA Name; Delivery Charge (₦) ≥ 0 in steps of 100. */
export function LgaForm({ rate, answer }: { rate?: { id: string; lga: string; deliveryCharge: number }; answer: FormResult | undefined }) {
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(deliveryRateInput, answer);
  return (
    <AdminForm
      banner={msg}
      busy={busy}
      submitLabel={rate ? "Update LGA" : "Create LGA"}
      // the spec's Cancel goes to /admin/lga, which redirects to /lga
      cancelTo="/lga"
      onSubmit={onSubmit}
      className="max-w-lg"
    >
      <Field label="LGA Name" name="lga" error={errors.lga} defaultValue={rate?.lga ?? ""} required maxLength={60} />
      <Field
        label="Delivery Charge (₦)"
        name="deliveryCharge"
        error={errors.deliveryCharge}
        type="number"
        min={0}
        step={100}
        inputMode="numeric"
        defaultValue={rate ? String(rate.deliveryCharge) : ""}
        required
      />
    </AdminForm>
  );
}
